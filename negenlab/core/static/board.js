// negenlab board widget: draws an SVG computed in Python and reports clicks on named targets.
// An element of the SVG is a target when it carries data-target="kind:..." (cell:2:3, node:4, turn:7).
// Model traits: svg, legal (list or null = all), gallery [{target, svg, label, preview}],
// status, error, busy, click {target, seq}, hovered.

function targetOf(node, root) {
  while (node && node !== root) {
    if (node.dataset && node.dataset.target) return node;
    node = node.parentNode;
  }
  return null;
}

function render({ model, el }) {
  el.classList.add("nl-board");
  const status = document.createElement("div");
  status.className = "nl-status";
  const busy = document.createElement("div");
  busy.className = "nl-busy";
  const error = document.createElement("div");
  error.className = "nl-error";
  error.setAttribute("role", "alert");
  const stage = document.createElement("div");
  stage.className = "nl-stage";
  const gallery = document.createElement("div");
  gallery.className = "nl-gallery";
  el.append(status, busy, error, stage, gallery);

  let seq = (model.get("click") || {}).seq || 0;
  let previewing = false;

  function markLegal(root) {
    const legal = model.get("legal");
    const allowed = legal === null || legal === undefined ? null : new Set(legal);
    root.querySelectorAll("[data-target]").forEach((n) => {
      const ok = allowed === null || allowed.has(n.dataset.target);
      n.classList.toggle("nl-legal", ok);
      n.classList.toggle("nl-illegal", !ok);
    });
  }

  function drawStage() {
    stage.innerHTML = model.get("svg") || "";
    stage.style.minHeight = "";
    markLegal(stage);
    previewing = false;
  }

  function drawGallery() {
    gallery.replaceChildren();
    for (const item of model.get("gallery") || []) {
      const card = document.createElement("div");
      card.className = "nl-item";
      card.dataset.target = item.target;
      card.innerHTML = item.svg || "";
      if (item.label) {
        const cap = document.createElement("div");
        cap.className = "nl-label";
        cap.textContent = item.label;
        card.append(cap);
      }
      if (item.title) card.title = item.title;
      gallery.append(card);
    }
    markLegal(gallery);
  }

  function drawText() {
    status.textContent = model.get("status") || "";
    status.style.display = status.textContent ? "" : "none";
    busy.textContent = model.get("busy") || "";
    busy.style.display = busy.textContent ? "" : "none";
    error.textContent = model.get("error") || "";
    error.style.display = error.textContent ? "" : "none";
  }

  function send(target) {
    seq += 1;
    model.set("click", { target: target, seq: seq });
    model.save_changes();
  }

  el.addEventListener("click", (event) => {
    const node = targetOf(event.target, el);
    if (node) send(node.dataset.target);
  });

  function previewFor(target) {
    for (const item of model.get("gallery") || []) {
      if (item.target === target) return item.preview || null;
    }
    return null;
  }

  el.addEventListener("mouseover", (event) => {
    const node = targetOf(event.target, el);
    const target = node ? node.dataset.target : "";
    if (target === model.get("hovered")) return;
    model.set("hovered", target);
    model.save_changes();
    const preview = target ? previewFor(target) : null;
    if (preview) {
      // hold the board's height, so a shorter preview never moves the gallery under the mouse
      if (!previewing) stage.style.minHeight = stage.offsetHeight + "px";
      stage.innerHTML = preview;
      stage.classList.add("nl-preview");
      previewing = true;
    } else if (previewing) {
      stage.classList.remove("nl-preview");
      drawStage();
    }
  });
  el.addEventListener("mouseleave", () => {
    if (previewing) {
      stage.classList.remove("nl-preview");
      drawStage();
    }
    if (model.get("hovered")) {
      model.set("hovered", "");
      model.save_changes();
    }
  });

  model.on("change:svg", drawStage);
  model.on("change:legal", () => { markLegal(stage); markLegal(gallery); });
  model.on("change:gallery", drawGallery);
  model.on("change:status", drawText);
  model.on("change:error", drawText);
  model.on("change:busy", drawText);
  drawText();
  drawStage();
  drawGallery();
  el.dataset.ready = "1";
}

export default { render };
