// The audit report's only script: the severity filter and opening a message body from the diagram.
//
// Progressive enhancement: without it every finding row is shown (the filter stays hidden) and every body
// still opens by its native <details> toggle. The Content-Security-Policy allows this exact text by its
// SHA-256 hash, so any script smuggled into the page would not run even if escaping failed.

export const HTML_SCRIPT = `
(function () {
  'use strict';
  var body = document.body;
  var boxes = document.querySelectorAll('input[data-sev-filter]');
  function apply() {
    for (var i = 0; i < boxes.length; i++) {
      body.classList.toggle('hide-' + boxes[i].getAttribute('data-sev-filter'), !boxes[i].checked);
    }
  }
  for (var i = 0; i < boxes.length; i++) boxes[i].addEventListener('change', apply);
  var filters = document.querySelectorAll('[data-filter]');
  for (var j = 0; j < filters.length; j++) filters[j].hidden = false;
  apply();

  function openTarget(id) {
    var el = id ? document.getElementById(id) : null;
    if (!el) return;
    for (var p = el; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;
    // The body's top, below the sticky filter bar (its scroll-margin-top), even when it is taller than the window.
    el.scrollIntoView({ block: 'start' });
  }
  function fromHash() { openTarget(decodeURIComponent(location.hash.slice(1))); }
  window.addEventListener('hashchange', fromHash);
  document.addEventListener('click', function (e) {
    var a = e.target && e.target.closest ? e.target.closest('a[data-open]') : null;
    if (a) openTarget(a.getAttribute('data-open'));
  });
  fromHash();
})();
`;
