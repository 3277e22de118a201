// Runs Electronegativity's scanner (the package's own programmatic entry, the same runner its CLI
// uses) on one folder and writes the findings as JSON:
//   node scripts/electronegativity/scan.cjs <input folder> <electron version> <output.json>
// Why not the CLI's `-o report.csv`: its CSV writer starts two unsynchronised fs.writeFile calls
// (the header with 'w', the rows with 'a'), so the header sometimes overwrites the first row
// (seen here in 2 of 8 runs). The runner's result has the same findings, without the race.
'use strict';
require('./offline-got.cjs');
const { writeFileSync } = require('node:fs');
const run = require('@doyensec/electronegativity');

const [input, electronVersion, output] = process.argv.slice(2);
if (!input || !electronVersion || !output) {
  console.error('usage: scan.cjs <input> <electron version> <output.json>');
  process.exit(2);
}

run({ input, electronVersionOverride: electronVersion, customScan: [], excludeFromScan: [], parserPlugins: [] }, false).then(
  (result) => {
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      line: issue.location.line,
      sample: issue.sample ?? '',
      description: issue.description,
    }));
    writeFileSync(output, JSON.stringify({ checks: result.globalChecks + result.atomicChecks, findings }));
  },
  (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(1);
  },
);
