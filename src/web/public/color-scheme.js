// Runs before the server-rendered visitor's page paints (visitor.html), so that a dark
// scheme (chosen, or the system's) shows at once rather than after the page's script. The
// same rule as Mantine's ColorSchemeScript, in a file because the CSP allows no inline script.
try {
  var stored = window.localStorage.getItem('mantine-color-scheme-value');
  var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
  if (scheme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // No storage (private mode): the page's script sets the scheme when it runs.
}
