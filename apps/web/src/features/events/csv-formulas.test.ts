import type { TFunction } from 'i18next';
import { describeFormulaCells } from '../../test/csv-formulas.ts';
import { resultsCsv } from './results-csv.ts';
import { buildTeam } from './test-data.ts';

// The results CSV: a team names itself on its phone ('-' may start a name); no such cell is ever a formula.

const t = ((key: string) => key) as unknown as TFunction<'studio'>;

describeFormulaCells([{ name: 'event results', make: (text) => resultsCsv(t, [buildTeam('t1', { name: text })]), where: [[1, 1]] }]);
