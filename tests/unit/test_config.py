"""Configuration: defaults, .sastls.toml, [tool.sastls], env fills defaults only, errors keep defaults."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from sastls.analyzers.config import Config, FetchConfig, FixConfig, apply, load_config


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def keys(errors: list) -> list[str]:  # type: ignore[type-arg]
    return [e.key for e in errors]


def test_defaults_without_any_source(tmp_path: Path) -> None:
    config, errors = load_config(tmp_path, environ={})
    assert errors == []
    assert config == Config()
    assert config.analyst == "heuristic" and config.model is None
    assert config.max_iterations == 15 and config.concurrency == 4
    assert config.store_path == ".sastls/verdicts.db"
    assert config.fetch == FetchConfig() and config.fix == FixConfig()
    assert config.privacy_globs == ()
    assert load_config(None, environ={}) == (Config(), [])


def test_config_is_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        Config().analyst = "llm"  # type: ignore[misc]


def test_sastls_toml_top_level_and_nested_tables(tmp_path: Path) -> None:
    write(
        tmp_path / ".sastls.toml",
        """
analyst = "llm"
model = "openai/gpt-4o-mini"
api-base = "http://127.0.0.1:8000/v1"
max_iterations = 9
request_timeout = 30
scanners = ["bandit", "cppcheck"]
privacy_globs = "secrets/**"
store_path = "var/v.db"

[fetch]
max_lines = 50

[fix]
test_command = "pytest -q"
allow_wide_changes = true
""",
    )
    config, errors = load_config(tmp_path, environ={})
    assert errors == []
    assert config.analyst == "llm" and config.model == "openai/gpt-4o-mini"
    assert config.api_base == "http://127.0.0.1:8000/v1"  # dashes become underscores
    assert config.max_iterations == 9
    assert config.request_timeout == 30.0 and isinstance(config.request_timeout, float)
    assert config.scanners == ("bandit", "cppcheck")
    assert config.privacy_globs == ("secrets/**",)  # one string is a list of one
    assert config.store_path == "var/v.db"
    assert config.fetch == FetchConfig(max_lines=50)  # the rest of the table keeps its defaults
    assert config.fix.test_command == "pytest -q" and config.fix.allow_wide_changes is True
    assert config.fix.max_retries == 3


def test_sastls_toml_with_a_sastls_table(tmp_path: Path) -> None:
    write(tmp_path / ".sastls.toml", "[sastls]\nconcurrency = 2\n[sastls.fetch]\nmax_chars = 1000\n")
    config, errors = load_config(tmp_path, environ={})
    assert errors == []
    assert config.concurrency == 2 and config.fetch.max_chars == 1000


def test_pyproject_tool_sastls_and_sastls_toml_wins(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "x"\n[tool.sastls]\nconcurrency = 8\nmodel = "ollama/llama3"\n'
        "[tool.sastls.fix]\nmax_retries = 5\n",
    )
    config, errors = load_config(tmp_path, environ={})
    assert errors == []
    assert (config.concurrency, config.model, config.fix.max_retries) == (8, "ollama/llama3", 5)
    write(tmp_path / ".sastls.toml", "concurrency = 3\n")
    config, errors = load_config(tmp_path, environ={})
    assert errors == []
    assert (config.concurrency, config.model, config.fix.max_retries) == (3, "ollama/llama3", 5)


def test_pyproject_without_our_section_or_with_a_strange_tool_value(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    assert load_config(tmp_path, environ={}) == (Config(), [])
    write(tmp_path / "pyproject.toml", 'tool = "not a table"\n')
    assert load_config(tmp_path, environ={}) == (Config(), [])


def test_environment_only_fills_defaults(tmp_path: Path) -> None:
    env = {"SASTLS_MODEL": "openai/from-env", "SASTLS_ANALYST": "llm", "SASTLS_CONCURRENCY": "6"}
    config, errors = load_config(tmp_path, environ=env)
    assert errors == []
    assert (config.model, config.analyst, config.concurrency) == ("openai/from-env", "llm", 6)
    write(tmp_path / ".sastls.toml", 'model = "openai/from-file"\nconcurrency = 2\n')
    config, errors = load_config(tmp_path, environ=env)
    assert (config.model, config.concurrency) == ("openai/from-file", 2)  # files win over the environment
    assert config.analyst == "llm"  # not set in a file: the environment's value stands
    config, _ = load_config(tmp_path, overrides={"model": "openai/from-editor"}, environ=env)
    assert config.model == "openai/from-editor"  # editor settings / CLI flags win over everything
    config, _ = load_config(tmp_path, environ={"SASTLS_MODEL": ""})  # empty is unset
    assert config.model == "openai/from-file"


def test_environment_reads_the_real_environ_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SASTLS_API_BASE", "http://127.0.0.1:9/v1")
    config, _ = load_config(tmp_path)
    assert config.api_base == "http://127.0.0.1:9/v1"


def test_invalid_values_are_reported_with_key_and_the_default_is_kept(tmp_path: Path) -> None:
    write(
        tmp_path / ".sastls.toml",
        """
analyst = "oracle"
max_iterations = "many"
concurrency = 0
request_timeout = -1.5
cascade = "yes"
scanners = ["bandit", 3]
model = 42
budget_usd_per_finding = "nan"
fetch = 7

[fix]
max_retries = -2
test_timeout = true
""",
    )
    config, errors = load_config(tmp_path, environ={})
    assert config == Config()  # every bad value fell back to the default
    by_key = {e.key: e for e in errors}
    assert sorted(by_key) == sorted(
        [
            "analyst",
            "max_iterations",
            "concurrency",
            "request_timeout",
            "cascade",
            "scanners",
            "model",
            "budget_usd_per_finding",
            "fetch",
            "fix.max_retries",
            "fix.test_timeout",
        ]
    )
    assert "must be one of 'heuristic', 'llm', got 'oracle'; using 'heuristic'" in by_key["analyst"].message
    assert (
        "must be an integer" in by_key["max_iterations"].message
        and "using 15" in by_key["max_iterations"].message
    )
    assert "must be positive" in by_key["concurrency"].message
    assert "must be positive" in by_key["request_timeout"].message
    assert "must be true or false" in by_key["cascade"].message
    assert "list of strings" in by_key["scanners"].message
    assert "must be a string" in by_key["model"].message
    assert "finite" in by_key["budget_usd_per_finding"].message
    assert "must be a table" in by_key["fetch"].message
    assert (
        "must not be negative" in by_key["fix.max_retries"].message
        and "using 3" in by_key["fix.max_retries"].message
    )
    assert "must be a number" in by_key["fix.test_timeout"].message
    assert all(e.source == str(tmp_path / ".sastls.toml") for e in errors)
    assert str(by_key["concurrency"]).startswith(f"{tmp_path / '.sastls.toml'}: concurrency: ")


def test_an_invalid_value_keeps_the_lower_layer_not_the_default(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.sastls]\nconcurrency = 8\n")
    write(tmp_path / ".sastls.toml", 'concurrency = "lots"\n')
    config, errors = load_config(tmp_path, environ={})
    assert config.concurrency == 8
    assert keys(errors) == ["concurrency"] and "using 8" in errors[0].message


def test_invalid_environment_values_are_reported(tmp_path: Path) -> None:
    config, errors = load_config(tmp_path, environ={"SASTLS_CONCURRENCY": "-3", "SASTLS_ANALYST": "magic"})
    assert config.concurrency == 4 and config.analyst == "heuristic"
    assert sorted(keys(errors)) == ["analyst", "concurrency"]
    assert all(e.source == "environment" for e in errors)


def test_unknown_keys_are_reported_and_ignored(tmp_path: Path) -> None:
    write(
        tmp_path / ".sastls.toml", 'modle = "typo"\nconcurrency = 2\n[fetch]\nmax_linez = 3\n[nope]\nx = 1\n'
    )
    config, errors = load_config(tmp_path, environ={})
    assert config.concurrency == 2 and config.fetch == FetchConfig()
    assert sorted(keys(errors)) == ["fetch.max_linez", "modle", "nope"]
    assert all("unknown setting" in e.message for e in errors)


def test_unreadable_files_are_reported(tmp_path: Path) -> None:
    write(tmp_path / ".sastls.toml", "analyst = \n")
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.sastls]\nmodel = "\xff"\n')
    config, errors = load_config(tmp_path, environ={})
    assert config == Config()
    assert keys(errors) == ["<file>", "<file>"]
    assert {e.source for e in errors} == {str(tmp_path / ".sastls.toml"), str(tmp_path / "pyproject.toml")}
    assert all("cannot be read" in e.message for e in errors)


def test_overrides_from_editor_settings(tmp_path: Path) -> None:
    overrides = {"model": None, "fetch": {"max_lines": 10}, "false_positive_display": "hide", "bogus": 1}
    write(tmp_path / ".sastls.toml", 'model = "x/y"\n')
    config, errors = load_config(tmp_path, overrides=overrides, environ={})
    assert config.model is None  # an explicit null clears an optional setting
    assert config.fetch.max_lines == 10 and config.false_positive_display == "hide"
    assert keys(errors) == ["bogus"] and errors[0].source == "settings"


def test_apply_rejects_a_non_table_root() -> None:
    config, errors = apply(Config(), ["not", "a", "table"], "settings")  # type: ignore[arg-type]
    assert config == Config()
    assert keys(errors) == ["<root>"] and "must be a table" in errors[0].message
