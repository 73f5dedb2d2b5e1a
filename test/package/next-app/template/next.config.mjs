/** @type {import("next").NextConfig} */
export default {
  // The test opens the dev server at 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1"],
};
