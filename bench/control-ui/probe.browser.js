// In-page probe of bench:control-ui, injected before any page script (addInitScript) into both the
// playground and the Control UI, so both pages carry exactly the same instrumentation:
//   - every WebSocket gets, at construction, a first "message" listener that notes when a frame
//     naming `question.requested` arrived (performance.now(), before the page's own listeners);
//   - one MutationObserver watches the document and every shadow root (attachShadow is wrapped);
//     while armed it looks only at what changed (added nodes, changed text) for a marker token;
//   - once the token is in the DOM, each animation frame checks that the element holding it is
//     rendered (a layout box of at least 4×4 px, not display:none, visibility:hidden or
//     content-visibility:hidden; opacity and animations are not waited for); the first frame where
//     it is ends the sample, at a task queued from that requestAnimationFrame callback (it runs
//     once the frame has been produced), as in bench/interaction/main.tsx;
//   - capture-phase listeners on window note the first pointerdown and click after arming
//     (their event.timeStamp is the input's time for a real click, creation time for el.click()).
// Plain JavaScript on purpose: tsx would add helpers to functions serialised into the page.
(() => {
  const state = {
    armed: null,
    last: null,
    helloAt: null,
    receipts: [],
    roots: [],
    // Set by traceMarks(): user-timing marks for a performance trace to cut its windows by (off
    // while the table is measured, so neither side pays for them there).
    marks: false,
  };

  const NativeWebSocket = window.WebSocket;
  class ProbedWebSocket extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const at = performance.now();
        if (state.helloAt === null && typeof event.data === "string" && event.data.includes('"hello-ok"')) state.helloAt = at;
        if (typeof event.data === "string" && event.data.includes('"question.requested"')) {
          const match = /"id"\s*:\s*"(bench_[^"]+)"/.exec(event.data);
          state.receipts.push({ at, id: match ? match[1] : null });
          if (state.marks) performance.mark("bench:receipt");
          if (state.receipts.length > 200) state.receipts.shift();
        }
      });
    }
  }
  window.WebSocket = ProbedWebSocket;

  function rendered(element) {
    if (!element || !element.isConnected) return false;
    if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width >= 4 && box.height >= 4;
  }

  /** Elements (parents of text nodes) under `node` (not descending into shadow roots) whose text contains `token`. */
  function holders(node, token, out) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.data.includes(token)) {
        const parent = node.parentElement ?? (node.parentNode && node.parentNode.host);
        if (parent) out.push(parent);
      }
      return out;
    }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return out;
    if (!(node.textContent ?? "").includes(token)) return out;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      if (current.data.includes(token)) {
        const parent = current.parentElement ?? (current.parentNode && current.parentNode.host);
        if (parent) out.push(parent);
      }
    }
    return out;
  }

  /** Every element holding `token`: the document and each connected shadow root (closed ones too). */
  function scan(token) {
    const out = [];
    for (const root of state.roots) {
      if (root === document) holders(document.documentElement, token, out);
      else if (root.host.isConnected) holders(root, token, out);
    }
    return out;
  }

  function afterFrame(callback) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback(performance.now());
      channel.port2.postMessage(null);
    });
  }

  function watchFrames(armed) {
    if (armed.framesWatched) return;
    armed.framesWatched = true;
    const check = () => {
      if (state.armed !== armed) return;
      requestAnimationFrame(() => {
        if (state.armed !== armed) return;
        armed.candidates = armed.candidates.filter((element) => element.isConnected);
        if (armed.candidates.some(rendered)) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => finish(armed, performance.now());
          channel.port2.postMessage(null);
        } else check();
      });
    };
    check();
  }

  function finish(armed, end) {
    if (state.armed !== armed) return;
    state.armed = null;
    if (state.marks) performance.mark("bench:end");
    armed.resolve({ end, found: armed.found, pointerdown: armed.pointerdown, click: armed.click, probeMs: armed.probeMs });
  }

  const observer = new MutationObserver((records) => {
    const armed = state.armed;
    if (!armed) return;
    const began = performance.now();
    try {
      look(armed, records);
    } finally {
      // The probe's own scanning of mutations inside the measured span, reported next to the figures
      // (not counted: its visibility check in the frame, which forces the style and layout that
      // frame computes anyway).
      armed.probeMs += performance.now() - began;
    }
  });
  function look(armed, records) {
    const found = [];
    for (const record of records) {
      if (record.type === "characterData") holders(record.target, armed.token, found);
      else for (const node of record.addedNodes) holders(node, armed.token, found);
    }
    if (found.length === 0) return;
    if (armed.found === null) armed.found = performance.now();
    armed.candidates.push(...found);
    watchFrames(armed);
  }
  const options = { subtree: true, childList: true, characterData: true };
  const observe = (root) => {
    state.roots.push(root);
    observer.observe(root, options);
  };
  observe(document);
  const nativeAttachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadow(init) {
    const root = nativeAttachShadow.call(this, init);
    observe(root);
    return root;
  };
  addEventListener("pointerdown", (event) => state.armed && state.armed.pointerdown === null && (state.armed.pointerdown = event.timeStamp), true);
  addEventListener("click", (event) => state.armed && state.armed.click === null && (state.armed.click = event.timeStamp), true);

  window.__bench = {
    /** Times until `token` is rendered; rejects if it already is. Returns nothing: read `result()`. */
    arm(token) {
      const armed = { token, found: null, candidates: [], framesWatched: false, pointerdown: null, click: null, probeMs: 0 };
      armed.promise = new Promise((resolve) => (armed.resolve = resolve));
      const already = scan(token);
      if (already.some(rendered)) throw new Error(`marker ${token} is already rendered before the action`);
      if (already.length > 0) {
        // In the DOM but not rendered (a hidden step): wait for the frame that renders it.
        armed.candidates.push(...already);
        armed.found = performance.now();
      }
      state.armed = armed;
      state.last = armed;
      if (already.length > 0) watchFrames(armed);
    },
    result(timeoutMs = 15000) {
      const armed = state.last;
      if (!armed) return Promise.reject(new Error("not armed"));
      return Promise.race([
        armed.promise,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`marker ${armed.token} not rendered within ${timeoutMs} ms`)), timeoutMs)),
      ]);
    },
    disarm() {
      state.armed = null;
    },
    /** When the frame naming `question.requested` for record `id` arrived (performance.now()), or null. */
    receipt(id) {
      const hit = state.receipts.find((entry) => entry.id === id);
      return hit ? hit.at : null;
    },
    /** A rendered element holding `token`, with the centre of its nearest clickable ancestor. */
    target(token) {
      const element = scan(token).find(rendered);
      if (!element) return null;
      const clickable = element.closest('[role="radio"], [role="checkbox"], button, label') ?? element;
      const box = clickable.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    },
    /** el.click() on the clickable ancestor of the rendered element holding `token`. */
    clickInPage(token) {
      const element = scan(token).find(rendered);
      if (!element) throw new Error(`no rendered ${token} to click`);
      (element.closest('[role="radio"], [role="checkbox"], button, label') ?? element).click();
    },
    /** True while some element holding `token` is rendered. */
    shown(token) {
      return scan(token).some(rendered);
    },
    /** When a WebSocket of the page got the gateway's hello-ok (performance.now()), or null. */
    helloAt() {
      return state.helloAt;
    },
    /** True once a WebSocket of the page got the gateway's hello-ok (its connect succeeded). */
    connected() {
      return state.helloAt !== null;
    },
    epoch() {
      return performance.timeOrigin + performance.now();
    },
    /** From now on, marks each question.requested receipt ("bench:receipt") and each sample's end ("bench:end"). */
    traceMarks() {
      state.marks = true;
    },
    timeOrigin: performance.timeOrigin,
    afterFrame,
  };
})();
