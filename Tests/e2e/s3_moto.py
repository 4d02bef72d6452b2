"""moto's S3 server (`moto_server` from `pip install "moto[server]"`) on 127.0.0.1 for the restore
tests: it implements RestoreObject on Deep Archive, refuses GETs of archived objects and reports
`x-amz-restore`, which SeaweedFS does not. It checks no signature, so authentication is tested
against SeaweedFS only."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import json
import urllib.request

import boto3
from botocore.config import Config

import server_process
from seaweedfs import free_ports


class Moto:
    access_key = "AKIDMOTO"
    secret_key = "moto-secret-not-checked"

    def __init__(self, log: Path):
        executable = shutil.which("moto_server") or str(Path.home() / ".local" / "bin" / "moto_server")
        if not os.access(executable, os.X_OK):
            raise RuntimeError("moto's 'moto_server' is missing: run Scripts/install-test-servers.sh (pip install \"moto[server]\").")
        self.bucket = "e2e" + uuid.uuid4().hex[:20]
        self.endpoint = f"http://127.0.0.1:{free_ports(1)[0]}"
        self._log = open(log, "wb")
        port = self.endpoint.rsplit(":", 1)[1]
        self.process = server_process.start([executable, "-H", "127.0.0.1", "-p", port], stdout=self._log, stderr=subprocess.STDOUT)
        self.s3 = boto3.client(
            "s3", endpoint_url=self.endpoint, region_name="us-east-1", aws_access_key_id=self.access_key,
            aws_secret_access_key=self.secret_key, config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1}))
        deadline = time.monotonic() + 60
        while True:
            try:
                self.s3.create_bucket(Bucket=self.bucket)
                return
            except Exception as error:  # connection refused while it starts
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"moto_server did not start: {error}") from error
                time.sleep(0.2)

    def hold_restore(self, key: str, requests: int = 200) -> None:
        """Makes the next restore of `key` stay under way (`ongoing-request="true"`), as Deep
        Archive's do for hours, until `release_restores`: moto's state manager moves a restore
        on after `requests` requests of its object, and `key` is requested that often first, so
        its restore is under way at the first check and then waits for `requests` more."""
        self._set_restore_transition({"progression": "manual", "times": requests})
        for _ in range(requests):
            self.s3.head_object(Bucket=self.bucket, Key=key)

    def release_restores(self) -> None:
        """Completes the restores under way at the next request of their objects."""
        self._set_restore_transition({"progression": "immediate"})

    def _set_restore_transition(self, transition: dict) -> None:
        body = json.dumps({"model_name": "s3::keyrestore", "transition": transition}).encode()
        request = urllib.request.Request(
            f"{self.endpoint}/moto-api/state-manager/set-transition", data=body, method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201, response.status

    def stop(self) -> None:
        server_process.stop(self.process)
        self._log.close()
