/** The claim convention itself: what becomes an assertion, what is refused, and that a false claim fails. */
import { describe, expect, it } from 'vitest';
import { instrument, splitLiteral } from './claims.js';
import { runExample } from './run.js';

const run = (code: string, scope: Record<string, unknown> = {}) =>
  runExample({ file: 'example.ts', line: 1, label: 'test', code }, { scope, importModule: async (s) => import(/* @vite-ignore */ s) });

class CodedError extends Error {
  constructor(
    readonly codigoError: string,
    readonly valorIncorrecto: string,
  ) {
    super(codigoError);
  }
}

describe('claims', () => {
  it('reads a literal and the remark after it', () => {
    expect(splitLiteral("'6758.58' (the first payment)")).toStrictEqual({ literal: "'6758.58'", rest: ' (the first payment)' });
    expect(splitLiteral('-1.5')).toStrictEqual({ literal: '-1.5', rest: '' });
    expect(splitLiteral("{ a: [1, 'x'] }: remark")).toStrictEqual({ literal: "{ a: [1, 'x'] }", rest: ': remark' });
    expect(splitLiteral("{ rate: '0.5…', … }")).toHaveProperty('error');
    expect(splitLiteral('[{ brandName, atm }]')).toHaveProperty('error');
  });

  it('turns claims into checks and refuses the ones it cannot check', () => {
    expect(instrument('f(); // 3', 1).claims).toHaveLength(1);
    expect(instrument('const x = f(); // [1, 2]', 1).claims).toHaveLength(1);
    expect(instrument('f();\n// { a: 1,\n//   b: 2 }', 1).claims).toHaveLength(1);
    expect(instrument('f(); // prose is not a claim', 1)).toMatchObject({ claims: [], problems: [] });
    expect(instrument('f(); // "51.5"-like', 1).problems).toHaveLength(1);
    expect(instrument('f(); // 27 for the example', 1).problems).toHaveLength(1);
    expect(instrument('f(); // { ok: true, claims }', 1).problems).toHaveLength(1);
    expect(instrument('// 42\nf();', 1).problems).toHaveLength(1);
    expect(instrument('const { a } = f(); // 1', 1).problems).toHaveLength(1);
    expect(instrument("f(); // values: ['1.00']", 1).problems).toHaveLength(1);
  });

  it('passes true claims and fails false ones', async () => {
    await expect(run("[1 + 1, 'a'.repeat(2)]; // [2, 'aa']\nconst n = 40 + 2; // 42")).resolves.toBeDefined();
    await expect(run('1 + 1; // 3')).rejects.toThrow(/expected 2 to strictly equal 3/);
    await expect(run('const n = 40 + 2; // 43')).rejects.toThrow(/expected 42 to strictly equal 43/);
    await expect(run('[1, 2].map((x) => x * 2);\n// [2, 5]')).rejects.toThrow(/to strictly equal \[ 2, 5 \]/);
    await expect(run('({ a: 1, b: 2 });\n// { a: 1,\n//   b: 3 }')).rejects.toThrow(/to strictly equal/);
    await expect(run('({ a: 1, b: 2 });\n// { a: 1,\n//   b: 2 }')).resolves.toBeDefined();
    // toStrictEqual: a key holding undefined is not an absent key.
    await expect(run('({ a: 1, b: undefined }); // { a: 1 }')).rejects.toThrow(/to strictly equal/);
    await expect(run('if (false) { 1; // 1\n}')).rejects.toThrow(/never reached/);
    await expect(run('missing();')).rejects.toThrow(/missing is not defined/);
  });

  it('checks a claimed throw: class, code and field', async () => {
    const scope = {
      fail: () => {
        throw new CodedError('ERRESQ005', 'plazo');
      },
      CodedError,
    };
    await expect(run("fail(); // throws CodedError ERRESQ005 'plazo'", scope)).resolves.toBeDefined();
    await expect(run("fail(); // throws CodedError ERRESQ004 'plazo'", scope)).rejects.toThrow(/codigoError/);
    await expect(run("fail(); // throws CodedError ERRESQ005 'monto'", scope)).rejects.toThrow(/valorIncorrecto/);
    await expect(run('fail(); // throws TypeError', scope)).rejects.toThrow(/error class/);
    await expect(run('1; // throws CodedError', scope)).rejects.toThrow(/nothing was thrown/);
    await expect(
      run("await Promise.reject(new CodedError('ERRNEG001', 'x')); // throws CodedError ERRNEG001 'x'", scope),
    ).resolves.toBeDefined();
  });
});
