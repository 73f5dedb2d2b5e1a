/* The host page: it follows the scheme the kit resolves, as a chat app would. */
:root {
  color-scheme: light dark;
  font-family: system-ui, sans-serif;
}
main {
  max-inline-size: 48rem;
  margin-inline: auto;
  padding: 1rem;
}
