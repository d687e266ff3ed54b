"""pbem's commands run in the test's own process, as a GM types them: `run` gives click's
result, `ok` the output of a command that must succeed."""

from __future__ import annotations

from click.testing import CliRunner, Result

from pbem.cli import main


def run(*args, env=None) -> Result:
    return CliRunner(env=env).invoke(main, [str(a) for a in args], catch_exceptions=False)


def ok(*args) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output
