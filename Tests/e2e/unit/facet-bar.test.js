import { queryTerms, toggleTerm } from '../js/components/facet-bar.js';
import { equal, test } from './harness.js';

test('a query splits into its terms as typed: quoted phrases and values stay whole', () => {
  equal(queryTerms('beach "golden hour" -sunset camera:"Canon EOS R5" kind:raw'), ['beach', '"golden hour"', '-sunset', 'camera:"Canon EOS R5"', 'kind:raw']);
  equal(queryTerms('  '), []);
  equal(queryTerms('place:"New York'), ['place:"New York']);
});

test('a chip adds its term, or takes it out when the query has it in any case', () => {
  equal(toggleTerm('person:katie', 'country:US'), 'person:katie country:US');
  equal(toggleTerm('person:katie country:us', 'country:US'), 'person:katie');
  equal(toggleTerm('person:katie place:"Los Angeles"', 'place:"Los Angeles"'), 'person:katie');
  equal(toggleTerm('', 'date:2019'), 'date:2019');
});
