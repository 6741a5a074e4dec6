import sys

from negenlab.cli import main

sys.exit(main())
