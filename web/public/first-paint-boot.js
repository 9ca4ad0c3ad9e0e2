/* global document, requestAnimationFrame, setTimeout */
// Loads the app of a public page that arrived with its first paint (api/src/web/web-app.ts) once that paint is on
// the screen, so the app's scripts never hold it up (docs/decisions/web.md, "The app of a first paint loads after it").
// The page names them: data-entry, the entry module; data-preloads, the modules it and the page's route import.
(function () {
  var boot = document.currentScript;
  if (!boot) return;
  var entry = boot.getAttribute('data-entry');
  var preloads = (boot.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame is painted; a hidden tab paints nothing, and a browser that holds frames back (an iframe
  // out of view) still gets its app within a second.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  setTimeout(start, 1000);
})();
