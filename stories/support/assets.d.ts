// The Vite features the stories use, declared narrowly instead of pulling all of `vite/client`
// into the project's types.
declare module "*.module.css" {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

interface ImportMeta {
  glob<T>(pattern: string, options: { query: string; import: "default"; eager: true }): Record<string, T>;
}
