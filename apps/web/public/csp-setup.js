// Runs before the app's modules (a deferred classic script in index.html, ahead of them in
// document order). zod probes `new Function` to decide whether to compile its parsers while the
// first schemas are built; the server's Content-Security-Policy refuses eval, and browsers report
// the refused probe as a violation even though zod catches it. zod reads this shared setting
// object when it loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
