/** The scripting API's catalog holds every message in every language, without Spanish in English. */
import { describe, it } from 'vitest';
import { ANALYSIS_MESSAGES } from '../../src/analysis/messages.js';
import { checkCatalog } from '../cli/catalogCheck.js';

describe('the analysis catalog', () => {
  it('every message in every language, the same values, no Spanish in English', () => {
    checkCatalog(ANALYSIS_MESSAGES);
  });
});
