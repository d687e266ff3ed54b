"""The templates compiled to Python: Jinja's code generator, changed where ten thousand
reports call it millions of times, the environment class that uses it, and the compiled code
kept between runs.

Every template, shipped or a GM's override, compiles through `CodeGenerator` when it is
loaded: the speed is derived from the templates themselves, never written beside them.
"""

from __future__ import annotations

from typing import Any, Callable

import jinja2
import jinja2.bccache
import jinja2.compiler
from markupsafe import Markup, escape


class CodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code for the templates, but for two things, each a few million calls in ten
    thousand reports. Event data are plain dicts: `d.planet` is looked up as a key where
    it stands, where Jinja calls `environment.getattr`, which tries the attribute first
    (raising and catching an AttributeError on every dict field) and the key next. And
    where autoescaping is on (HTML and SVG), a printed value is one call,
    `environment.escaped(value)`, the format's escaper and the autoescaping together, each
    string worked out once (`remembering`), where Jinja writes
    `escape(environment.finalize(value))`. The templates compile to this when loaded, a
    GM's own as well as the shipped ones."""

    # The code it writes, named for the bytecode cache: change it with the code.
    CODE = "dicts-escaped-1"

    @jinja2.compiler.optimizeconst
    def visit_Getattr(self, node, frame) -> None:
        if self.environment.is_async:
            return super().visit_Getattr(node, frame)
        # (held[key] if type(held := obj) is dict and key in held else environment.getattr(...)):
        # the object evaluated once; anything but a dict holding the key goes Jinja's way.
        held, key = self.temporary_identifier(), repr(node.attr)
        self.write(f"({held}[{key}] if type({held} := ")
        self.visit(node.node, frame)
        self.write(f") is dict and {key} in {held} else environment.getattr({held}, {key}))")

    def _escaped_at_once(self, frame: jinja2.compiler.Frame) -> bool:
        # `environment.escaped`: set by `render.environment()`.
        return (frame.eval_ctx.autoescape and not frame.eval_ctx.volatile
                and hasattr(self.environment, "escaped"))

    def _output_child_pre(self, node, frame, finalize) -> None:
        if self._escaped_at_once(frame):
            self.write("environment.escaped(")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node, frame, finalize) -> None:
        if self._escaped_at_once(frame):
            self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)


class Environment(jinja2.Environment):
    """Jinja's environment, its templates compiled by `CodeGenerator`."""

    code_generator_class = CodeGenerator


class _BestEffortCache(jinja2.FileSystemBytecodeCache):
    """A cache that cannot be written (a full disk, a folder of another user) costs a
    compile, never the move."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def bytecode_cache(pattern: str) -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (keyed by the source's checksum, so an edited
    template is compiled anew): compiling them is most of a small move's time."""
    try:
        return _BestEffortCache(pattern=pattern)
    except (OSError, RuntimeError):
        return None


# Jinja keys its cache by template name and source only: a template compiled without
# autoescaping must never be run with it (ground.txt.j2 is read by both), so the escaping
# formats keep their own cache; and the code of another `CodeGenerator` must not be run
# by this one's environment, so both are named for its code.
BYTECODE = bytecode_cache(f"__pbem_{CodeGenerator.CODE}_%s.cache")
ESCAPING_BYTECODE = bytecode_cache(f"__pbem_{CodeGenerator.CODE}_escaping_%s.cache")


def autoescaping(escaper: Callable[[Any], str]) -> Callable[[Any], Markup]:
    """`escaper` and Jinja's autoescaping at once (`CodeGenerator`); markup (a chart's
    geometry, a macro's lines) printed as it is, as both leave it."""
    def escaped(value: Any) -> Markup:
        return value if type(value) is Markup else escape(escaper(value))

    return escaped
