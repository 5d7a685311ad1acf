/**
 * A worker process made ready ahead of its turn: it loads the product's modules (most of a
 * worker's start-up, seconds of CPU) while the previous worker still runs, then, when the test
 * says go, runs the real entry point (`server/src/worker.main.ts`) in this same process. Nothing
 * of the product runs before then: no connection, no job, no timer.
 *
 * node --import tsx worker-launcher.ts <entry point> <module to load first>
 */
import { pathToFileURL } from 'node:url';

const [entryPoint, warmModule] = process.argv.slice(2);
if (!entryPoint || !warmModule)
  throw new Error('usage: worker-launcher.ts <entry point> <module to load first>');

let told = false;
let loaded = false;
const run = () => {
  // The channel only carried the word to start; it must not keep a stopped worker alive.
  process.channel?.unref();
  void import(pathToFileURL(entryPoint).href);
};
// Listening from the first moment: a word sent while the modules still load is not lost.
process.once('message', () => {
  told = true;
  if (loaded) run();
});
// A test that ended (or died) without starting this one leaves no process behind.
process.once('disconnect', () => {
  if (!told) process.exit(0);
});
void import(pathToFileURL(warmModule).href).then(() => {
  loaded = true;
  if (told) run();
});
