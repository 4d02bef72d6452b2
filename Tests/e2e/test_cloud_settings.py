"""Cloud settings in the UI: a server started without a cloud is set up from the Cloud Backup
panel's form, and the setting takes effect at once: the Cloud source appears in the sidebar
without a reload (in another tab too), "Test Connection" reaches the bucket, "Back Up Now" works
and uploads to it. The secret is saved to a file
only its owner can read and is never sent back; a field the environment or the settings file's
cloud object sets is greyed out and says so."""

from __future__ import annotations

import json
import stat

from playwright.sync_api import expect

from conftest import ARTIFACTS, run, serve
from photolala_page import PhotolalaPage

BADGE = '[data-testid="cell-badge"]'


def no_cloud_environment(home) -> dict[str, str]:
    """An environment without cloud settings, whatever the machine running the tests has."""
    return {
        "HOME": str(home), "AWS_SHARED_CREDENTIALS_FILE": str(home / "no-credentials"), "AWS_CONFIG_FILE": str(home / "no-config"),
        "PHOTOLALA_S3_ENDPOINT": "", "PHOTOLALA_S3_BUCKET": "", "PHOTOLALA_USER_ID": "", "PHOTOLALA_BACKUP_FOLDER": "",
        "AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "",
    }


def test_the_form_sets_up_the_cloud_without_a_restart(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("form") / "Form"
    run("Scripts/make-photos.sh", folder, 2, 640, 480)
    state = tmp_path_factory.mktemp("form-state")
    server = serve([folder], state, "cloud-settings-server.log", no_cloud_environment(state))
    url = next(server)
    try:
        ui = PhotolalaPage(page, url)
        ui.open("local-0", count=2)
        cloud = page.locator('[data-testid="source-item"][data-source="cloud"]')
        expect(cloud).to_have_attribute("data-configured", "false")
        # Starring works before there is a cloud.
        ui.first_cell.click()
        page.get_by_test_id("star-toggle").click()
        expect(page.locator(f'{BADGE}[data-state="starred"]')).to_have_count(1)

        # Another tab of the same browser hears of the change through the event stream.
        other = page.context.new_page()
        other_ui = PhotolalaPage(other, url)
        other_ui.open("local-0", count=2)
        other_cloud = other.locator('[data-testid="source-item"][data-source="cloud"]')
        expect(other_cloud).to_have_attribute("data-configured", "false")

        page.bring_to_front()
        page.get_by_test_id("cloud-settings-open").click()
        panel = page.get_by_test_id("cloud-settings")
        expect(panel).to_be_visible()
        expect(page.get_by_test_id("backup-now")).to_be_disabled()
        form = page.get_by_test_id("cloud-settings-form")
        expect(form).to_be_visible()  # open while no cloud is configured
        expect(page.get_by_test_id("cloud-settings-region")).to_have_value("us-east-1")
        expect(page.get_by_test_id("cloud-settings-secret-hint")).to_have_text("Not saved yet.")

        # A wrong field is refused with words, and nothing changes.
        page.get_by_test_id("cloud-settings-endpoint").fill("file:///etc/passwd")
        page.get_by_test_id("cloud-settings-save").click()
        message = page.get_by_test_id("cloud-settings-form-message")
        expect(message).to_contain_text("http:// or https://")
        expect(cloud).to_have_attribute("data-configured", "false")

        page.get_by_test_id("cloud-settings-endpoint").fill(seaweedfs.endpoint)
        page.get_by_test_id("cloud-settings-bucket").fill(seaweedfs.bucket)
        page.get_by_test_id("cloud-settings-access-key-id").fill(seaweedfs.access_key)
        page.get_by_test_id("cloud-settings-secret").fill(seaweedfs.secret_key)
        page.get_by_test_id("cloud-settings-save").click()
        expect(message).to_have_text("Saved. The backup uses these settings now.")

        # At once, without a reload: the Cloud source, the panel's summary and "Back Up Now".
        expect(cloud).to_have_attribute("data-configured", "true", timeout=10_000)
        expect(other_cloud).to_have_attribute("data-configured", "true", timeout=10_000)
        expect(panel.locator('[data-field="bucket"]')).to_have_text(seaweedfs.bucket)
        expect(page.get_by_test_id("backup-now")).to_be_enabled()
        expect(page.get_by_test_id("cloud-settings-secret")).to_have_value("")
        expect(page.get_by_test_id("cloud-settings-secret-hint")).to_have_text("Saved. Leave blank to keep it.")
        page.get_by_test_id("cloud-settings-test").click()
        expect(message).to_contain_text("Connected: the bucket")
        # A save contacts nothing (issue 36); Test Connection does, and syncs the catalog once connected.
        expect(page.get_by_test_id("cloud-sync-status")).to_contain_text("· synced", timeout=10_000)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "cloud-settings.png"))

        page.get_by_test_id("backup-now").click()
        expect(page.get_by_test_id("backup-last-run")).to_contain_text("done — 1 uploaded", timeout=60_000)
        user_id = ui.api("cloud/settings")["userID"]
        assert len(seaweedfs.keys(f"photos/{user_id}/")) == 1, "the original is in the bucket"

        # The secret: in a file only its owner reads, and in no answer or page.
        credentials = state / "data" / "cloud-credentials"
        assert stat.S_IMODE(credentials.stat().st_mode) == 0o600
        for path in ("cloud/settings", "cloud", "sources", "backup/status"):
            assert seaweedfs.secret_key not in json.dumps(ui.api(path)), path
        assert seaweedfs.secret_key not in page.content()
    finally:
        server.close()


def test_a_field_the_environment_sets_is_greyed_out_and_says_so(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("form-env") / "Env"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("form-env-state")
    environment = dict(no_cloud_environment(state), PHOTOLALA_S3_BUCKET=seaweedfs.bucket)
    server = serve([folder], state, "cloud-settings-env-server.log", environment)
    url = next(server)
    try:
        ui = PhotolalaPage(page, url)
        ui.open("local-0", count=1)
        page.get_by_test_id("cloud-settings-open").click()
        bucket = page.get_by_test_id("cloud-settings-bucket")
        expect(bucket).to_be_disabled()
        expect(bucket).to_have_value(seaweedfs.bucket)
        expect(page.get_by_test_id("cloud-settings-bucket-hint")).to_have_text("Set by PHOTOLALA_S3_BUCKET")
        expect(page.get_by_test_id("cloud-settings-endpoint")).to_be_enabled()

        # Saving the rest leaves the environment's bucket alone and sets the cloud up.
        page.get_by_test_id("cloud-settings-endpoint").fill(seaweedfs.endpoint)
        save_key_pair(page, seaweedfs)
        saved = json.loads((state / "data" / "cloud.json").read_text())
        assert "bucket" not in saved, saved
    finally:
        server.close()


def save_key_pair(page, seaweedfs):
    """Types the key pair into the open form, saves it, and waits for the cloud to be set up."""
    page.get_by_test_id("cloud-settings-access-key-id").fill(seaweedfs.access_key)
    page.get_by_test_id("cloud-settings-secret").fill(seaweedfs.secret_key)
    page.get_by_test_id("cloud-settings-save").click()
    expect(page.get_by_test_id("cloud-settings-form-message")).to_have_text("Saved. The backup uses these settings now.")
    expect(page.locator('[data-testid="source-item"][data-source="cloud"]')).to_have_attribute("data-configured", "true", timeout=10_000)


def test_fields_the_settings_file_sets_are_greyed_out_and_name_it(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("form-file") / "File"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("form-file-state")
    settings = state / "config.json"
    settings.write_text(json.dumps({"cloud": {"endpoint": seaweedfs.endpoint, "bucket": seaweedfs.bucket}}))
    server = serve([folder, "--config", settings], state, "cloud-settings-file-server.log", no_cloud_environment(state))
    url = next(server)
    try:
        ui = PhotolalaPage(page, url)
        ui.open("local-0", count=1)
        page.get_by_test_id("cloud-settings-open").click()
        for field, value in [("endpoint", seaweedfs.endpoint), ("bucket", seaweedfs.bucket)]:
            expect(page.get_by_test_id(f"cloud-settings-{field}")).to_be_disabled()
            expect(page.get_by_test_id(f"cloud-settings-{field}")).to_have_value(value)
            expect(page.get_by_test_id(f"cloud-settings-{field}-hint")).to_have_text(f"Set by {settings}")

        # The key pair, which the file may not hold, is typed in; the file's endpoint and bucket are used.
        save_key_pair(page, seaweedfs)
        saved = json.loads((state / "data" / "cloud.json").read_text())
        assert "bucket" not in saved and "endpoint" not in saved, saved
    finally:
        server.close()


def test_a_missing_bucket_is_created_from_the_form_and_the_storage_used_follows(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("form-bucket") / "Bucket"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("form-bucket-state")
    server = serve([folder], state, "cloud-settings-bucket-server.log", no_cloud_environment(state))
    url = next(server)
    bucket = f"{seaweedfs.bucket}-made-by-the-form"
    try:
        ui = PhotolalaPage(page, url)
        ui.open("local-0", count=1)
        page.get_by_test_id("cloud-settings-open").click()
        panel = page.get_by_test_id("cloud-settings")
        page.get_by_test_id("cloud-settings-endpoint").fill(seaweedfs.endpoint)
        page.get_by_test_id("cloud-settings-bucket").fill(bucket)
        save_key_pair(page, seaweedfs)
        used = panel.locator('[data-field="used"]')
        expect(used).to_contain_text("could not be read")

        create = page.get_by_test_id("cloud-settings-create-bucket")
        expect(create).to_be_hidden()
        page.get_by_test_id("cloud-settings-test").click()
        message = page.get_by_test_id("cloud-settings-form-message")
        expect(message).to_contain_text(f"has no bucket '{bucket}'")
        expect(create).to_have_text(f"Create Bucket '{bucket}'")
        create.click()
        expect(message).to_contain_text(f"Connected: the bucket '{bucket}' answers")
        expect(create).to_be_hidden()
        # Test Connection's answer is what the summary shows next: no stale NoSuchBucket.
        expect(used).to_have_text("0 bytes")
        assert ui.api("cloud")["usedBytes"] == 0
    finally:
        server.close()


def test_what_is_typed_before_the_settings_come_is_kept_and_saved(page, seaweedfs, tmp_path_factory):
    folder = tmp_path_factory.mktemp("form-late") / "Late"
    run("Scripts/make-photos.sh", folder, 1, 640, 480)
    state = tmp_path_factory.mktemp("form-late-state")
    server = serve([folder], state, "cloud-settings-late-server.log", no_cloud_environment(state))
    url = next(server)
    try:
        ui = PhotolalaPage(page, url)
        ui.open("local-0", count=1)
        # The settings are held back while the user types.
        with ui.holding("**/api/cloud/settings"):
            page.get_by_test_id("cloud-settings-open").click()
            page.get_by_test_id("cloud-settings-endpoint").fill(seaweedfs.endpoint)
        expect(page.get_by_test_id("cloud-settings-secret-hint")).to_have_text("Not saved yet.")
        expect(page.get_by_test_id("cloud-settings-region")).to_have_value("us-east-1")
        expect(page.get_by_test_id("cloud-settings-endpoint")).to_have_value(seaweedfs.endpoint)

        page.get_by_test_id("cloud-settings-bucket").fill(seaweedfs.bucket)
        save_key_pair(page, seaweedfs)
        saved = json.loads((state / "data" / "cloud.json").read_text())
        assert saved["endpoint"] == seaweedfs.endpoint, saved
    finally:
        server.close()
