/** The kit's styles and the adapter's theme as one string (vite.control-ui.config.ts). */
declare module "virtual:ask-user-control-ui-styles" {
  const styles: string;
  export default styles;
}
