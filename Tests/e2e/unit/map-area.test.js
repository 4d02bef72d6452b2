import { areaTerm, queryArea, withArea, withoutArea, wrapLongitude } from '../js/map-area.js';
import { equal, test } from './harness.js';

test('a drawn box is written as area:SOUTH,WEST,NORTH,EAST to 5 decimals, without trailing zeros', () => {
  equal(areaTerm({ south: 41.812345678, west: 12.4, north: 42, east: 12.6 }), 'area:41.81235,12.4,42,12.6');
  equal(areaTerm({ south: 42, west: -0.000001, north: 41.8, east: 1 }), 'area:41.8,0,42,1', 'south first; no -0');
});

test('a box dragged across the antimeridian, on any copy of the world, has its west east of its east', () => {
  equal(areaTerm({ south: -20, west: 170, north: -10, east: 190 }), 'area:-20,170,-10,-170');
  equal(areaTerm({ south: -20, west: -190, north: -10, east: -170 }), 'area:-20,170,-10,-170');
  equal(areaTerm({ south: 10, west: 370, north: 20, east: 380 }), 'area:10,10,20,20');
  equal(wrapLongitude(-181), 179);
});

test('a box as wide as the world, or past the poles, is the world', () => {
  equal(areaTerm({ south: -100, west: -400, north: 100, east: 400 }), 'area:-90,-180,90,180');
});

test('a box replaces the area: terms of the query and goes last; -area: terms stay', () => {
  equal(withArea('person:katie AREA:1,2,3,4 -area:5,6,7,8 beach', 'area:9,9,10,10'), 'person:katie -area:5,6,7,8 beach area:9,9,10,10');
  equal(withArea('', 'area:1,2,3,4'), 'area:1,2,3,4');
  equal(withArea('place:"New York"', 'area:1,2,3,4'), 'place:"New York" area:1,2,3,4');
  equal(withoutArea('person:katie area:1,2,3,4'), 'person:katie');
});

test('the last readable area: of the query is the box the map draws', () => {
  equal(queryArea('x area:-20,170,-10,-170'), { south: -20, west: 170, north: -10, east: -170 });
  equal(queryArea('area:1,1,2,2 area:3,3,4,4'), { south: 3, west: 3, north: 4, east: 4 });
  equal(queryArea('area:nan,0,1,1'), null);
  equal(queryArea('area:10,0,5,1'), null);
  equal(queryArea('beach'), null);
});
