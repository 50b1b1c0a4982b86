// Bundles the server (and the shared package it imports) into dist/main.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts", "src/seed-demo.ts", "src/ops/backup-cli.ts", "src/ops/restore-cli.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@clinic/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
