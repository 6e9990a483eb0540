// Self-test of the tracker-number check: a small checkout with planted citations in comments, strings,
// a test title, a style sheet and the README, beside lines that only look alike. Run by `npm run test:scripts`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkComments, citations, format } from './check-comments.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-comments-'));
after(() => rmSync(root, { recursive: true, force: true }));

function plant(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

// Planted citations (line numbers matter: the report names them).
plant('packages/server/src/modules/user/service.ts', "const a = 1;\n/** The member's wallet (issue 17): one read. */\nexport const b = 2;\n");
plant('packages/server/test/user.test.ts', "it('refuses a stake past the limit (item 10)', () => {});\n");
plant('packages/h5/src/features/auth/auth.css', '/* 18+ consent (issue 16) */\n.consent { color: #333; }\n');
plant('packages/e2e/tests/loop.test.ts', ' * 抢红包 (issue 12 items 4 and 6) at 390×844.\n');
plant('scripts/tool.mjs', "// see Issue #28\nconst why = 'fixed in issue-12';\n");
plant('README.md', '# App\n\nThe rooms (i15.2) as staff set them.\n');

// Lines that only look alike: none of them is reported.
plant('packages/contract/src/shared/validation.ts', [
  "if (message) ctx.addIssue({ code: 'custom', message });",
  '/** Issues a visitor\'s device token (shown once, kept hashed). */',
  "await page.getByTestId('help-item-1').click();",
  'const issue2 = items[3]; // the first issue\'s message; the first three list items are kept',
  "const style = 'color:#333'; // order #12",
].join('\n'));
plant('packages/h5/dist/assets/index.js', '// issue 1 — a build output, not scanned\n');
plant('packages/h5/node_modules/x/index.js', '// issue 2 — a dependency, not scanned\n');

test('names file, line and text of every planted citation, and nothing else', () => {
  const hits = checkComments(root);
  assert.deepEqual(
    hits.map((h) => `${h.file}:${h.line}`),
    [
      'README.md:3',
      'packages/e2e/tests/loop.test.ts:1',
      'packages/h5/src/features/auth/auth.css:1',
      'packages/server/src/modules/user/service.ts:2',
      'packages/server/test/user.test.ts:1',
      'scripts/tool.mjs:1',
      'scripts/tool.mjs:2',
    ],
  );
  assert.equal(format(hits[3]), "packages/server/src/modules/user/service.ts:2  /** The member's wallet (issue 17): one read. */");
});

test('a tracker number is a hit; a word like it without one is not', () => {
  const hit = (line) => citations(line).length === 1;
  assert.ok(hit('// 红包管理 (issue 12 item 5): 规则设置'));
  assert.ok(hit('// Issues 3 and 4'));
  assert.ok(hit("it('answers 余额不足 first (item 10)')"));
  assert.ok(!hit('// 红包管理: 规则设置 (window, daily figures, tiers)'));
  assert.ok(!hit('const issue3 = item4; // issues a token; the menu item'));
  assert.ok(!hit("getByTestId('help-item-1')"));
});
