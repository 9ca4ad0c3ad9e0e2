/** The component of a route whose loader always redirects: it renders nothing. */
export function Redirecting() {
  return null;
}
