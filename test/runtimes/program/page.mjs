// The smoke program in a page (bundled with the package by esbuild; index.html loads the bundle,
// served with `Content-Security-Policy: default-src 'self'`): posts its report to /report. Every
// CSP violation is recorded: none may happen while the cases run; the probe of code generation
// after them must be refused and reported as one (which shows the recording works).
import * as api from 'cotizador';
import input from './cases.mjs';
import { codeGeneration, runSmoke } from './smoke.mjs';

const violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
});
/** Violation events are dispatched in a task of their own: let those of what ran before arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

let report;
try {
  const smoke = await runSmoke(api, input);
  await settle();
  const duringCases = violations.splice(0);
  const probe = codeGeneration();
  await settle();
  report = { ...smoke, codeGeneration: probe, violations: { duringCases, ofProbe: violations } };
} catch (error) {
  report = { error: String(error?.stack ?? error) };
}
await fetch('/report', { method: 'POST', body: JSON.stringify(report) });
