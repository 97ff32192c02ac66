"""The one list of settings, and everything checked against it: Config, package.json, the docs, the server."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from sastls.analyzers import settings
from sastls.analyzers.config import Config
from sastls.server.lsp import options

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
PROPERTIES: dict[str, Any] = PACKAGE["contributes"]["configuration"]["properties"]


def test_every_config_key_has_one_setting_and_every_server_setting_is_a_config_key() -> None:
    config_keys = set(settings.config_fields())
    server_keys = {s.key for s in settings.SETTINGS if s.client is None}
    assert config_keys - server_keys == set(), "add a Setting for these Config fields (then `make settings`)"
    assert server_keys - config_keys == set(), "these settings are not Config fields"
    assert len({s.key for s in settings.SETTINGS}) == len(settings.SETTINGS)
    assert all(s.description.strip() for s in settings.SETTINGS)


def test_generated_files_are_up_to_date() -> None:
    assert settings.main(["--check", str(ROOT)]) == 0, "run `make settings`"


def test_package_json_lists_exactly_the_settings_with_their_types_and_defaults() -> None:
    assert settings.vscode_properties() == PROPERTIES
    assert list(PROPERTIES) == [f"sastls.{s.editor_key}" for s in settings.SETTINGS]
    assert PROPERTIES["sastls.findingGlobs"]["default"] == list(Config().finding_globs)
    assert PROPERTIES["sastls.fetch.maxLines"]["default"] == Config().fetch.max_lines
    assert PROPERTIES["sastls.autoTriage"]["enum"] == ["offline", "off"]
    restricted = PACKAGE["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"]
    assert set(restricted) == {
        "sastls.server.path",
        "sastls.server.pythonPath",
        "sastls.semgrepBin",
        "sastls.fix.testCommand",
    }


def _as_vscode_sends(values: dict[str, Any]) -> dict[str, Any]:
    """``workspace.getConfiguration("sastls")`` as a plain object: dotted names become nested objects."""
    out: dict[str, Any] = {}
    for name, value in values.items():
        parts = name.removeprefix("sastls.").split(".")
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
    return out


def test_the_whole_vscode_section_with_its_defaults_is_accepted_silently(tmp_path: Path) -> None:
    sent = _as_vscode_sends({k: v["default"] for k, v in PROPERTIES.items()})
    assert "server" in sent and "findingGlobs" in sent and "maxLines" in sent["fetch"]
    config, errors = options.load(tmp_path, options.section_of({"sastls": sent}))
    assert errors == []
    assert config == Config()


def test_camel_case_values_reach_the_config_and_only_unknown_keys_are_reported(tmp_path: Path) -> None:
    sent = _as_vscode_sends(
        {
            "sastls.findingGlobs": ["out/*.sarif"],
            "sastls.falsePositiveDisplay": "hide",
            "sastls.autoTriage": "off",
            "sastls.fetch.maxLines": 12,
            "sastls.fix.testCommand": "pytest -q",
            "sastls.server.pythonPath": "/usr/bin/python3",
            "sastls.trace.server": "verbose",
            "sastls.notASetting": 1,
        }
    )
    config, errors = options.load(tmp_path, sent)
    assert config.finding_globs == ("out/*.sarif",) and config.false_positive_display == "hide"
    assert (
        config.auto_triage == "off"
        and config.fetch.max_lines == 12
        and config.fix.test_command == "pytest -q"
    )
    assert [str(e) for e in errors] == ["settings: notASetting: unknown setting (ignored)"]


def test_snake_and_kebab_case_work_as_in_sastls_toml(tmp_path: Path) -> None:
    config, errors = options.load(
        tmp_path, {"finding_globs": ["a.sarif"], "max-iterations": 2, "fetch": {"max_chars": 9}}
    )
    assert errors == [] and config.finding_globs == ("a.sarif",) and config.max_iterations == 2
    assert config.fetch.max_chars == 9


def test_editor_settings_override_the_workspace_file(tmp_path: Path) -> None:
    (tmp_path / ".sastls.toml").write_text(
        'finding_globs = ["toml/*.sarif"]\nmax_iterations = 4\n', encoding="utf-8"
    )
    config, errors = options.load(tmp_path, {"findingGlobs": ["editor/*.sarif"]})
    assert errors == [] and config.finding_globs == ("editor/*.sarif",) and config.max_iterations == 4


def test_bad_values_are_reported_by_the_editor_name_path() -> None:
    _config, errors = options.load(None, {"maxIterations": 0, "fetch": {"maxLines": "many"}})
    assert [e.key for e in errors] == ["max_iterations", "fetch.max_lines"]


def test_docs_and_readme_name_only_real_settings() -> None:
    docs = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    for s in settings.SETTINGS:
        assert f"`sastls.{s.editor_key}`" in docs
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(analyst = .*?)```", readme, flags=re.S)
    assert block is not None, "README's configuration example"
    example = tomllib.loads(block.group(1))
    known = set(settings.config_fields())
    for key, value in example.items():
        if isinstance(value, dict):
            assert {f"{key}.{k}" for k in value} <= known, key
        else:
            assert key in known, key
    for name in re.findall(r"`sastls\.([a-zA-Z.]+)`", readme):
        assert f"sastls.{name}" in PROPERTIES or name in {"investigate", "judge", "fix"}, name


def test_the_extension_reads_its_settings_by_the_listed_names() -> None:
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "editors" / "vscode" / "src").glob("*.ts")
    )
    for name in re.findall(r"""(?:get|inspect)<[^>]*>\(\s*"([a-zA-Z.]+)\"""", source):
        assert f"sastls.{name}" in PROPERTIES, name
