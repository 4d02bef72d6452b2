#!/usr/bin/env python3
"""Makes a folder of camera JPEGs, HEICs and RAWs that say something of themselves, for the facts
benchmark (`photolala-bench`'s `search` rows): copies of the bench's photos, each given by
exiftool a lens, a GPS position, keywords, a rating, a title and a description, written the
ways cameras and editors write them (XMP, IPTC or EXIF, by turns), so reading them is checked
against exiftool's reading of the same files, fact by fact.

    make-described-photos.py OUTDIR SOURCE_DIR...

Every file of the SOURCE_DIRs is copied (hard-linked, then rewritten by exiftool, so the sources
are left as they were); one exiftool process writes them all (`-@ ARGFILE`, `-execute` between
files). A file exiftool cannot write keeps only what it had.
"""
import os
import shutil
import subprocess
import sys
import tempfile

# Where the photos were taken: towns on four continents, both hemispheres, both sides of Greenwich.
PLACES = [(41.8986, 12.4769), (48.8566, 2.3522), (35.6762, 139.6503), (40.7128, -74.0060), (47.3769, 8.5417),
          (-33.8688, 151.2093), (-33.9249, 18.4241), (-22.9068, -43.1729), (64.1466, -21.9426), (1.3521, 103.8198)]
LENSES = ["EF24-70mm f/2.8L II USM", "NIKKOR Z 24-70mm f/4 S", "XF35mmF1.4 R", "iPhone 15 Pro back camera 6.765mm f/1.78"]
KEYWORDS = ["holiday", "family", "beach", "mountains", "wedding", "Zürich", "sunset", "birthday", "snow", "city"]


def arguments(index, name):
    """exiftool's arguments for the `index`th file: its facts, and where they are written."""
    latitude, longitude = PLACES[index % len(PLACES)]
    latitude += (index % 7) * 0.001
    longitude -= (index % 5) * 0.001
    keywords = [KEYWORDS[index % len(KEYWORDS)], KEYWORDS[(index * 3 + 1) % len(KEYWORDS)]]
    title = f"Photo {index} of the trip"
    description = f"{name}: what was seen that day, number {index}"
    args = [f"-LensModel={LENSES[index % len(LENSES)]}",
            f"-GPSLatitude={abs(latitude)}", f"-GPSLatitudeRef={'N' if latitude >= 0 else 'S'}",
            f"-GPSLongitude={abs(longitude)}", f"-GPSLongitudeRef={'E' if longitude >= 0 else 'W'}"]
    is_jpeg = name.lower().endswith((".jpg", ".jpeg"))
    if is_jpeg and index % 3 == 0:
        # As older editors write them: IPTC only.
        args += [f"-IPTC:Keywords={keyword}" for keyword in keywords]
        args += [f"-IPTC:ObjectName={title}", f"-IPTC:Caption-Abstract={description}", "-codedcharacterset=utf8"]
    elif index % 3 == 1:
        # As Lightroom writes them: XMP.
        args += [f"-XMP-dc:Subject={keyword}" for keyword in keywords]
        args += [f"-XMP-dc:Title={title}", f"-XMP-dc:Description={description}", f"-XMP-xmp:Rating={index % 6}"]
    else:
        # A camera's description in EXIF, keywords and stars in XMP.
        args += [f"-XMP-dc:Subject={keyword}" for keyword in keywords]
        args += [f"-EXIF:ImageDescription={description}", f"-XMP-dc:Title={title}", f"-XMP-xmp:Rating={index % 6}"]
    return args


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: make-described-photos.py OUTDIR SOURCE_DIR...")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    files = []
    for source in sys.argv[2:]:
        for name in sorted(os.listdir(source)):
            path = os.path.join(source, name)
            if os.path.isfile(path):
                target = os.path.join(out, name)
                try:
                    os.link(path, target)
                except OSError:
                    shutil.copyfile(path, target)
                files.append(target)
    with tempfile.NamedTemporaryFile("w", suffix=".args", delete=False, encoding="utf-8") as argfile:
        for index, path in enumerate(files):
            argfile.write("\n".join(["-q", "-m", "-overwrite_original", "-charset", "iptc=utf8"] + arguments(index, os.path.basename(path))))
            argfile.write(f"\n{path}\n-execute\n")
    try:
        # Files exiftool cannot write are reported and left as they are.
        subprocess.run(["exiftool", "-charset", "filename=utf8", "-@", argfile.name], check=False, stdout=subprocess.DEVNULL)
    finally:
        os.unlink(argfile.name)


if __name__ == "__main__":
    main()
