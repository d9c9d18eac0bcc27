// `npm test`: every check and every test, in the order that fails fastest.
// 1. lint and format (Biome), 2. build, 3. the demo data that the test sites start from
// (tests/helpers/demo-data.mjs), 4. unit and integration tests (vitest; integration tests start
// the built server), 5. the media, upload, gallery and backup tests again with their media in S3
// (a real S3 API server, s3rver, on loopback), 6. load and fault tests (vitest, one file at a
// time), 7. the browser tests (Playwright, Debian chromium) in two halves at once, each with its
// own server and data folder and followed by the storage check of its data; the second half then
// runs the browser tests of uploads and downloads on S3. In the background, at the lowest CPU
// priority: the composition accuracy test (from 3), the generated garbage against every endpoint
// (from 4) and the type check (from 5); see `stages` below.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { exitIfNodeTooOld } from '../server/node-version.mjs';
import { copyDemoData } from '../tests/helpers/demo-data.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

/**
 * The tests that run on both stores (everything that writes, reads, serves or backs up media) say
 * so themselves, in a comment line that starts with `// @both-stores`: vitest files for step 5,
 * Playwright specs for the browser run on S3.
 */
const BOTH_STORES = /^\/\/ @both-stores:/m;
const filesMarkedForBothStores = (roots, suffix) =>
  roots
    .flatMap((root) => readdirSync(root, { recursive: true }).map((f) => join(root, String(f))))
    .filter(
      (f) => f.endsWith(suffix) && !f.includes('node_modules') && BOTH_STORES.test(readFileSync(f, 'utf8')),
    )
    .sort();
const ON_BOTH_STORES = filesMarkedForBothStores(['src', 'server', 'scripts', 'demo', 'tests'], '.test.ts');
const BROWSER_ON_S3 = filesMarkedForBothStores(['tests/e2e'], '.spec.ts');

/**
 * The browser tests take the longest step, and one Playwright run keeps about one of the two cores
 * busy (the browser waits on the server and the server on the browser). So they run as two halves
 * at once (Playwright's --shard), each with its own site on its own port and data folder, and its
 * own output folder: a Playwright run empties its output folder when it starts, and two runs must
 * not empty each other's. The specs of a half share its site's data, so which specs share a half
 * matters: --shard keeps the same halves from run to run.
 */
const browserHalf = (n, port) => {
  const dataDir = `test-results/e2e-data-${n}`;
  return [
    {
      name: `browser tests, half ${n} of 2`,
      cmd: 'npx',
      args: ['playwright', 'test', `--shard=${n}/2`, `--output=test-results/playwright-${n}`],
      env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
      emptyFirst: [dataDir],
      // Its site starts from the demo data seeded once after the build, its AVIF ladders made.
      prepare: () => copyDemoData(dataDir),
    },
    // What the browser tests uploaded, replaced and deleted left no orphan file and no missing one.
    {
      name: `storage check after half ${n}`,
      cmd: 'npx',
      args: ['tsx', 'scripts/storage-check.ts'],
      env: { DATA_DIR: dataDir, UPLOADS_DIR: `${dataDir}/uploads` },
    },
  ];
};
const S3_DATA = 'test-results/e2e-s3-data';
const browserOnS3 = {
  name: 'browser tests of uploads and downloads on S3 (s3rver)',
  cmd: 'npx',
  args: ['playwright', 'test', '--output=test-results/playwright-s3', ...BROWSER_ON_S3],
  env: { E2E_STORAGE: 's3', E2E_PORT: '4397', E2E_DATA_DIR: S3_DATA },
  emptyFirst: [S3_DATA, `${S3_DATA}-s3`],
  // The demo data, whose media the site's start moves into the bucket (playwright.config.ts).
  prepare: () => copyDemoData(S3_DATA),
};

const mediaTestsOnS3 = {
  name: 'the media tests again on S3 (s3rver)',
  cmd: 'npx',
  args: ['vitest', 'run', ...ON_BOTH_STORES],
  env: { TEST_STORAGE: 's3' },
};

const [SOAK, CRASH, FUZZ] = ['soak', 'crash-captures', 'fuzz-json'].map(
  (n) => `tests/integration/${n}.test.ts`,
);
/** Files of the load and fault tests (vitest.config.ts lists them), run one at a time. */
const loadTests = (name, ...files) => ({
  name,
  cmd: 'npx',
  args: ['vitest', 'run', ...files],
  env: { LOAD_TESTS: '1' },
});

const ACCURACY = 'src/lib/composition/analysis/accuracy.test.ts';

/**
 * Stages run one after another; the lanes of a stage run at once, each lane's steps in order.
 *
 * A lane marked `background` is started with its stage but not waited for: it runs on, at the
 * lowest CPU priority (nice 19), beside this stage and the next ones, and the run waits for it
 * only at the end. Every stage leaves part of the two cores idle (a browser waiting on a page, a
 * server waiting on its test), 8 to 25 % on a whole run; work that asserts results rather than
 * timing fills that idle time there, where in a stage of its own it took 2 to 3 minutes. At nice
 * 19 it yields the cores to the stages' own tests whenever they want them, so their timing is
 * not disturbed.
 */
const stages = [
  [[{ name: 'lint', cmd: 'npx', args: ['biome', 'check', '.'] }]],
  [[{ name: 'build', cmd: 'npm', args: ['run', 'build'] }]],
  [
    [{ name: 'demo data, seeded once for the tests', cmd: 'node', args: ['tests/helpers/demo-data.mjs'] }],
    // Minutes of composition analysis, pure CPU, asserting what was found.
    background({
      name: 'composition accuracy on known truth',
      cmd: 'npx',
      args: ['vitest', 'run', ACCURACY],
    }),
  ],
  [
    [
      {
        name: 'unit and integration tests',
        cmd: 'npx',
        args: ['vitest', 'run'],
        env: { EXCLUDE_TESTS: ACCURACY },
      },
    ],
    // The generated garbage asserts answers and saved data, not timing.
    background(loadTests('generated garbage against every endpoint', FUZZ)),
  ],
  [
    [mediaTestsOnS3],
    // Not before this stage: a test of the unit and integration step builds the site, and a build
    // and the type check both write Astro's generated types in .astro/.
    background({ name: 'types', cmd: 'npx', args: ['astro', 'check', '--minimumSeverity', 'warning'] }),
  ],
  // The minute of load and the kill -9 rounds measure memory and timing: only the background lanes,
  // which yield the cores to them, run beside them.
  [[loadTests('load and fault tests', SOAK, CRASH)]],
  // Not the S3 vitest run as a third lane: beside the two halves its servers answered too slowly
  // and five of its tests ran out of time.
  [browserHalf(1, 4399), [...browserHalf(2, 4401), browserOnS3]],
];

/** A lane of one step that runs at the lowest CPU priority and is waited for only at the end. */
function background(step) {
  return Object.assign([{ ...step, niceness: 19 }], { background: true });
}

/** Runs one step; with a label, each line of its output is prefixed, as two lanes share the screen. */
function run(step, label) {
  for (const dir of step.emptyFirst ?? []) rmSync(dir, { recursive: true, force: true });
  step.prepare?.();
  console.log(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = Date.now();
  const [cmd, args] = step.niceness
    ? ['nice', ['-n', String(step.niceness), step.cmd, ...step.args]]
    : [step.cmd, step.args];
  const child = spawn(cmd, args, {
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...step.env },
  });
  if (label) {
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) console.error(`\n✖ ${step.name} failed after ${seconds} s`);
      resolve({ name: step.name, ok: code === 0, seconds });
    }),
  );
}

async function runLane(lane, label) {
  const done = [];
  for (const step of lane) {
    const result = await run(step, label);
    done.push(result);
    if (!result.ok) break;
  }
  return done;
}

/**
 * `npm test -- --from browser` starts at the first stage with a step whose name starts with the
 * given words (for a second try after fixing a late step; the build must be current).
 */
// Every step runs on this Node (npm puts the project's own Node 24 first on the PATH).
exitIfNodeTooOld();
console.log(`Testing on Node ${process.version}`);

const fromAt = process.argv.indexOf('--from');
const from = fromAt > 0 ? process.argv[fromAt + 1] : undefined;
const firstStage = from ? stages.findIndex((lanes) => lanes.flat().some((s) => s.name.startsWith(from))) : 0;
if (firstStage < 0) {
  console.error(`No step's name starts with "${from}".`);
  process.exit(1);
}
const toRun = stages.slice(firstStage);

ensureSystemPackages();
const results = [];
const inBackground = [];
const allSteps = toRun.flat(2).length;
for (const lanes of toRun) {
  const started = Date.now();
  const labelled = lanes.length > 1;
  const label = (lane, i) => (lane.background ? `background: ${lane[0].name}` : `lane ${i + 1}`);
  const running = lanes.map((lane, i) => runLane(lane, labelled ? label(lane, i) : ''));
  inBackground.push(...running.filter((_, i) => lanes[i].background));
  const laneResults = await Promise.all(running.filter((_, i) => !lanes[i].background));
  results.push(...laneResults.flat());
  if (labelled)
    console.log(
      `\nThese lanes took ${((Date.now() - started) / 1000).toFixed(1)} s (the background ones run on)`,
    );
  if (results.some((r) => !r.ok)) break;
}
if (inBackground.length > 0) {
  const waitFrom = Date.now();
  results.push(...(await Promise.all(inBackground)).flat());
  console.log(
    `\nWaited ${((Date.now() - waitFrom) / 1000).toFixed(1)} s for the background lanes at the end`,
  );
}
console.log('\nSummary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? '✔' : '✖'} ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) && results.length === allSteps ? 0 : 1);
