#!/usr/bin/env python3
"""Makes a synthetic Apple Photos library of COUNT assets from a real library's schema.

    make-photos-library.py SOURCE.photoslibrary DEST.photoslibrary COUNT [ORIGINALS]

The source's database (with its write-ahead log) is copied, its triggers dropped (they call
functions only Photos defines), its assets replaced by COUNT generated ones with their
additional attributes and original resources, and two albums added: "Benchmark 1,000" and
"Benchmark 10,000", in manual order. Table and column names come from Z_PRIMARYKEY and the
schema, as the reader derives them. Originals are not written, as for a library whose
originals are in iCloud (the reader stats them and finds them missing), except with ORIGINALS,
a folder of JPEGs: they become the originals of the oldest photos, one each, so the first
screen of All Photos (oldest first, as the grid sorts by default) has thumbnails to show.
"""
import os
import random
import shutil
import sqlite3
import sys
import uuid


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: make-photos-library.py SOURCE.photoslibrary DEST.photoslibrary COUNT [ORIGINALS]")
    source, dest, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    originals = sorted(os.path.join(sys.argv[4], name) for name in os.listdir(sys.argv[4])) if len(sys.argv) == 5 else []
    os.makedirs(os.path.join(dest, "database"))
    for shard in "0123456789ABCDEF":
        os.makedirs(os.path.join(dest, "originals", shard))
    for suffix in ["", "-wal", "-shm"]:
        original = os.path.join(source, "database", "Photos.sqlite" + suffix)
        if os.path.exists(original):
            shutil.copyfile(original, os.path.join(dest, "database", "Photos.sqlite" + suffix))

    db = sqlite3.connect(os.path.join(dest, "database", "Photos.sqlite"))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        db.execute(f'DROP TRIGGER "{name}"')
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    entities = dict(db.execute("SELECT Z_NAME, Z_ENT FROM Z_PRIMARYKEY"))
    asset_table = "ZGENERICASSET" if "ZGENERICASSET" in tables else "ZASSET"
    asset_entity = entities["Asset"]
    join = f"Z_{entities['Album']}ASSETS"
    join_columns = [row[1] for row in db.execute(f"PRAGMA table_info({join})")]
    album_column = next(c for c in join_columns if c.endswith("ALBUMS"))
    asset_column = next(c for c in join_columns if c.endswith("ASSETS") and not c.startswith("Z_FOK_"))
    order_column = next(c for c in join_columns if c.startswith("Z_FOK_"))
    keyword_join = f"Z_{entities['AdditionalAssetAttributes']}KEYWORDS"
    keyword_columns = [row[1] for row in db.execute(f"PRAGMA table_info({keyword_join})")]

    for table in [asset_table, "ZADDITIONALASSETATTRIBUTES", "ZINTERNALRESOURCE", join, keyword_join]:
        db.execute(f"DELETE FROM {table}")

    random.seed(42)
    start = 300_000_000.0  # 2010-07-05, Core Data seconds
    assets, attributes, resources = [], [], []
    for pk in range(1, count + 1):
        identifier = str(uuid.UUID(int=random.getrandbits(128))).upper()
        video = random.random() < 0.05
        date = start + pk * 4_000 + random.random() * 1_000
        assets.append((
            pk, asset_entity, 1, identifier, date, date, date, 1 if video else 0, 0, 4032, 3024, 1,
            identifier[0], identifier + (".mov" if video else ".jpeg"),
            1 if random.random() < 0.005 else 0, 1 if random.random() < 0.005 else 0,
            1 if random.random() < 0.05 else 0, -180.0, -180.0, 3,
            "com.apple.quicktime-movie" if video else "public.jpeg", pk,
        ))
        attributes.append((pk, entities["AdditionalAssetAttributes"], 1, pk,
                           f"IMG_{pk:06d}.{'MOV' if video else 'JPG'}", -25200, "America/Los_Angeles", 3_000_000))
        resources.append((pk, entities["InternalResource"], 1, pk, 1, 0 if random.random() < 0.02 else 1))
    db.executemany(
        f"""INSERT INTO {asset_table} (Z_PK, Z_ENT, Z_OPT, ZUUID, ZDATECREATED, ZADDEDDATE, ZMODIFICATIONDATE, ZKIND,
            ZKINDSUBTYPE, ZWIDTH, ZHEIGHT, ZORIENTATION, ZDIRECTORY, ZFILENAME, ZHIDDEN, ZTRASHEDSTATE, ZFAVORITE,
            ZLATITUDE, ZLONGITUDE, ZSAVEDASSETTYPE, ZUNIFORMTYPEIDENTIFIER, ZADDITIONALATTRIBUTES)
            VALUES ({', '.join('?' * 22)})""", assets)
    db.executemany(
        """INSERT INTO ZADDITIONALASSETATTRIBUTES (Z_PK, Z_ENT, Z_OPT, ZASSET, ZORIGINALFILENAME, ZTIMEZONEOFFSET,
            ZTIMEZONENAME, ZORIGINALFILESIZE) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""", attributes)
    db.executemany(
        """INSERT INTO ZINTERNALRESOURCE (Z_PK, Z_ENT, Z_OPT, ZASSET, ZDATASTORESUBTYPE, ZLOCALAVAILABILITY)
            VALUES (?, ?, ?, ?, ?, ?)""", resources)

    keyword = db.execute("SELECT Z_PK FROM ZKEYWORD ORDER BY Z_PK LIMIT 1").fetchone()
    if keyword and len(keyword_columns) == 2:
        attributes_column = next(c for c in keyword_columns if c.endswith("ASSETATTRIBUTES"))
        keyword_column = next(c for c in keyword_columns if c.endswith("KEYWORDS"))
        db.executemany(f"INSERT INTO {keyword_join} ({attributes_column}, {keyword_column}) VALUES (?, ?)",
                       [(pk, keyword[0]) for pk in range(1, count + 1, 10)])

    root = db.execute("SELECT Z_PK FROM ZGENERICALBUM WHERE ZKIND = 3999").fetchone()[0]
    next_album = db.execute("SELECT MAX(Z_PK) FROM ZGENERICALBUM").fetchone()[0] + 1
    for offset, members in enumerate([1_000, 10_000]):
        album = next_album + offset
        db.execute(
            """INSERT INTO ZGENERICALBUM (Z_PK, Z_ENT, Z_OPT, ZKIND, ZTITLE, ZUUID, ZPARENTFOLDER, ZTRASHEDSTATE,
                ZCUSTOMSORTKEY, ZCUSTOMSORTASCENDING) VALUES (?, ?, 1, 2, ?, ?, ?, 0, 0, 1)""",
            (album, entities["Album"], f"Benchmark {members:,}", f"BENCHMARK-ALBUM-{members}", root))
        step = max(1, count // members)
        picks = list(range(1, count + 1, step))[:members]
        random.shuffle(picks)
        db.executemany(f"INSERT INTO {join} ({album_column}, {asset_column}, {order_column}) VALUES (?, ?, ?)",
                       [(album, pk, 1024 * (index + 1)) for index, pk in enumerate(picks)])
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()

    oldest_photos = (asset for asset in assets if asset[7] == 0)
    for original, asset in zip(originals, oldest_photos):
        shutil.copyfile(original, os.path.join(dest, "originals", asset[12], asset[13]))


if __name__ == "__main__":
    main()
