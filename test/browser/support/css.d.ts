// Side-effect imports of the kit's theme (Vite bundles them; the type checker only needs to know they exist).
declare module "*.css";
