"""negenlab's committed tables, installed as the package ``negenlab.data`` (see ``negenlab.core.data``)."""
