// Vite bundles the page's stylesheets; declared narrowly instead of pulling in all of `vite/client`.
declare module "*.css";
