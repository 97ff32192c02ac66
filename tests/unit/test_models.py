"""Model files: the built-in ones are valid and complete, bad ones are reported by file, key and JSON
path without losing the defaults, and the Python engine names no library in its code."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest
from sastls.analyzers.code.taint.families import Family
from sastls.analyzers.code.taint.python.spec import compile_models, parse_arg, python_spec
from sastls.analyzers.models import builtin_models, load_models, parse_model

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "analyzers" / "code" / "taint" / "python"


def test_builtin_models_are_valid_and_python() -> None:
    files = builtin_models("python")
    assert len(files) >= 30
    assert all(f.language == "python" and f.origin == "builtin" for f in files)
    models = load_models("python")
    assert models.errors == ()
    assert models.digest == load_models("python").digest


BAD_MODELS = [
    'language = "python"\nlibrary = "x"\n[[sinks]]\nfamily = "sql"\nnmes = ["f"]\nargs = ["0"]\n',
    'language = "python"\nlibrary = "x"\n[[validators]]\nfamily = "path"\nnames = ["has space"]\n',
    'language = "python"\nlibrary = "x"\n[[validators]]\nfamily = "path"\nnames = ["f\\n"]\n',
    'language = "python"\nlibrary = "x"\nwhen = 1979-05-27\n',
    'language = "python"\n',
]


def test_the_compiled_schema_check_agrees_with_the_full_one() -> None:
    """The compiled check (jsonschema-rs) answers "valid" only where the full one (jsonschema,
    which then says why) finds no error: on every built-in file both say valid; on bad files the
    compiled one never says valid where the full one finds an error."""
    import tomllib

    from sastls.analyzers.models.load import _valid, _validator

    for f in builtin_models("python"):
        data = dict(f.data)
        assert _valid(data) and not list(_validator().iter_errors(data)), f.name
    for text in BAD_MODELS:
        data = tomllib.loads(text)
        assert list(_validator().iter_errors(data)) or text.endswith('"f\\n"]\n'), text
        assert not _valid(data) or not list(_validator().iter_errors(data)), text


def test_builtin_families_are_the_families_the_analyst_knows() -> None:
    spec = python_spec()
    assert set(spec.families) <= set(get_args(Family))
    assert {"sql", "command", "path", "xss", "xxe", "weak_hash", "cookie"} <= set(spec.families)


def test_no_sink_is_declared_twice_in_a_family() -> None:
    seen: dict[tuple[str, str, str], str] = {}
    for f in builtin_models("python"):
        for row in f.data.get("sinks", ()):
            for name in row.get("names", ["<" + row.get("site", "call") + ">"]):
                key = (row["family"], row.get("site", "call"), name)
                assert key not in seen, f"{key} in {f.name} and {seen[key]}"
                seen[key] = f.name


def test_argument_specs() -> None:
    assert parse_arg("0") == (0, "")
    assert parse_arg("sql:") == (-2, "sql")
    assert parse_arg("0,sql:") == (0, "sql")
    assert parse_arg("self") == (-1, "")
    assert parse_arg("*") is None


def test_an_unknown_key_is_named_with_its_json_path() -> None:
    model, errors = parse_model(
        "m.toml",
        'language = "python"\nlibrary = "x"\n[[sinks]]\nfamily = "sql"\nnmes = ["f"]\nargs = ["0"]\n',
    )
    assert model is None
    keys = {(e.key, e.json_path) for e in errors}
    assert ("sinks[0].nmes", "$.sinks[0].nmes") in keys
    assert any("unknown key 'nmes'" in e.message for e in errors)
    assert str(errors[0]).startswith("m.toml: sinks[0]")


def test_a_wrong_value_is_named_with_its_key() -> None:
    _, errors = parse_model(
        "m.toml",
        'language = "python"\nlibrary = "x"\n[[validators]]\nfamily = "path"\nnames = ["has space"]\n',
    )
    assert [(e.key, e.json_path) for e in errors] == [("validators[0].names[0]", "$.validators[0].names[0]")]


def test_a_name_with_a_trailing_newline_is_refused() -> None:
    """A name that can never match a call (``"check_name\\n"``, from a multi-line TOML string) is an
    error in both validators: Python's ``re`` lets ``$`` match before a final newline."""
    model, errors = parse_model(
        "m.toml",
        'language = "python"\nlibrary = "x"\n[[validators]]\nfamily = "path"\nnames = ["""check_name\n"""]\n',
    )
    assert model is None
    assert [e.key for e in errors] == ["validators[0].names[0]"]


def test_toml_syntax_errors_name_the_file_and_line() -> None:
    _, errors = parse_model("broken.toml", 'language = "python"\nlibrary = \n')
    assert len(errors) == 1
    assert "not valid TOML" in errors[0].message and "line 2" in errors[0].message
    assert str(errors[0]).startswith("broken.toml: <file>:")


def _workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    d = tmp_path / ".sastls" / "models"
    d.mkdir(parents=True)
    for name, text in files.items():
        (d / name).write_text(text)
    return tmp_path


GOOD = (
    'language = "python"\nlibrary = "my project"\n[[validators]]\nfamily = "path"\nnames = ["check_name"]\n'
)


def test_workspace_models_add_to_the_builtin_ones(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, {"mine.toml": GOOD})
    models = load_models("python", ws)
    assert models.errors == ()
    assert [f.name for f in models.user_files] == [".sastls/models/mine.toml"]
    assert models.digest != load_models("python").digest
    assert "check_name" in compile_models(models).families["path"].validators


def test_a_bad_file_is_left_out_and_the_defaults_stay(tmp_path: Path) -> None:
    bad = 'language = "python"\nlibrary = "x"\n[[sanitizers]]\nfamily = "sqll"\nnames = ["esc"]\n'
    ws = _workspace(tmp_path, {"a_bad.toml": bad, "b_good.toml": GOOD})
    models = load_models("python", ws)
    assert [str(e) for e in models.errors] == [
        ".sastls/models/a_bad.toml: sanitizers[0].family: unknown family 'sqll' (known: "
        + ", ".join(sorted(python_spec().families))
        + ")"
    ]
    assert [f.name for f in models.user_files] == [".sastls/models/b_good.toml"]
    spec = compile_models(models)
    assert "check_name" in spec.families["path"].validators
    assert spec.families["sql"].sinks == python_spec().families["sql"].sinks


def test_configured_model_files_and_directories(tmp_path: Path) -> None:
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "x.toml").write_text(GOOD)
    (tmp_path / "one.toml").write_text(GOOD.replace("check_name", "check_other"))
    models = load_models("python", tmp_path, ["models", "one.toml", "missing.toml"])
    assert sorted(f.name for f in models.user_files) == ["models/x.toml", "one.toml"]
    assert {f.origin for f in models.user_files} == {"config"}
    assert [str(e) for e in models.errors] == ["missing.toml: <file>: no such model file"]


def test_models_for_another_language_are_skipped(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, {"c.toml": 'language = "c"\nlibrary = "libc"\n'})
    assert load_models("python", ws).user_files == ()


def test_an_edited_model_file_is_read_again(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, {"mine.toml": GOOD})
    first = load_models("python", ws)
    path = ws / ".sastls" / "models" / "mine.toml"
    path.write_text(GOOD.replace("check_name", "check_path") + "\n")
    second = load_models("python", ws)
    assert first.digest != second.digest
    assert "check_path" in compile_models(second).families["path"].validators


def _string_constants(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings
    ]


def test_the_python_engine_names_no_library() -> None:
    """Library knowledge is in the model files: no string in the engine's code names a modelled module."""
    roots: set[str] = set()
    for f in builtin_models("python"):
        for section in ("sources", "summaries", "neutrals", "casts", "sanitizers", "validators", "sinks"):
            for row in f.data.get(section, ()):
                roots |= {n.split(".")[0] for n in row.get("names", ()) if "." in n.lstrip(".")}
        roots |= {a.split(".")[0] for a in (f.data.get("aliases") or {})}
    roots -= {"builtins"}
    assert {"flask", "os", "subprocess", "yaml", "lxml", "re", "urllib"} <= roots
    # words that are not library names here: tree-sitter's node kinds and fields, media type words
    import tree_sitter_python
    from tree_sitter import Language

    lang = Language(tree_sitter_python.language())
    grammar = {lang.node_kind_for_id(i) for i in range(lang.node_kind_count)}
    grammar |= {lang.field_name_for_id(i) for i in range(1, lang.field_count + 1)}
    words = {w for w in grammar if w} | {"html", "xml", "svg"}
    offenders = [
        f"{path.name}: {s!r}"
        for path in sorted(ENGINE.glob("*.py"))
        for s in _string_constants(path)
        if (s in roots and s not in words) or any(s.startswith(r + ".") for r in roots)
    ]
    assert offenders == []


@pytest.mark.parametrize("name", ["flask.toml", "families.toml"])
def test_builtin_files_say_what_they_model(name: str) -> None:
    f = next(m for m in builtin_models("python") if m.name == f"python/{name}")
    assert f.library
