"""The templates compiled to Python: Jinja's code generator, changed where ten thousand
reports call it millions of times, the environment class that uses it, and the compiled code
kept between runs.

Every template, shipped or a GM's override, compiles through `CodeGenerator` when it is
loaded: the speed is derived from the templates themselves, never written beside them.
"""

from __future__ import annotations

import functools
import io
from typing import Any, Callable

import jinja2
import jinja2.bccache
import jinja2.compiler
from markupsafe import Markup, escape


class CodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code for the templates, but for three things, each a few million calls in ten
    thousand reports. Event data are plain dicts: `d.planet` is looked up as a key where
    it stands, where Jinja calls `environment.getattr`, which tries the attribute first
    (raising and catching an AttributeError on every dict field) and the key next. And
    where autoescaping is on (HTML and SVG), a printed value is one call,
    `environment.escaped(value)`, the format's escaper and the autoescaping together,
    where Jinja writes `escape(environment.finalize(value))`. And a text of the catalogs,
    `_("...")`, `gettext`, `ngettext` or `bold`, is a direct call of the environment's own
    function where the name stands for it (`environment.said`), where Jinja calls every
    function through `Context.call`, which asks each call whether the function wants the
    context. The templates compile to this when loaded, a GM's own as well as the shipped
    ones."""

    # The code it writes, named for the bytecode cache: change it with the code.
    CODE = "dicts-escaped-said-1"

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

    @jinja2.compiler.optimizeconst
    def visit_Call(self, node, frame, forward_caller: bool = False) -> None:
        if not self._said_directly(node, forward_caller):
            return super().visit_Call(node, frame, forward_caller=forward_caller)
        # (own[1] if (callee := _) is (own := environment.said['_'])[0] else
        #  environment.jinja_call(context, callee))('message', name=value): the name looked
        # up as Jinja looks it up, then, when it is the environment's own `_`, the same
        # called directly; anything else (a `_` the template set, or was given) Jinja's way.
        # The 1,000-officer move: 9.00 G instructions -> 7.92 G (-12%).
        callee, own = self.temporary_identifier(), self.temporary_identifier()
        self.write(f"({own}[1] if ({callee} := ")
        self.visit(node.node, frame)
        self.write(f") is ({own} := environment.said[{node.node.name!r}])[0] "
                   f"else environment.jinja_call(context, {callee}")
        if frame.loop_frame:
            self.write(", _loop_vars=_loop_vars")
        if frame.block_frame:
            self.write(", _block_vars=_block_vars")
        self.write("))(")
        # Jinja's own arguments, written after a comma each: the first one's dropped.
        written, self.stream = self.stream, io.StringIO()
        try:
            self.signature(node, frame)
            arguments = self.stream.getvalue()
        finally:
            self.stream = written
        self.write(arguments.removeprefix(", ") + ")")

    def _said_directly(self, node, forward_caller: bool) -> bool:
        said = getattr(self.environment, "said", None)
        return (said is not None and not forward_caller and not self.environment.is_async
                and not self.environment.sandboxed and isinstance(node.node, jinja2.nodes.Name)
                and node.node.name in said)

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

    # The catalogs' functions by the names the templates call them (`_`, `gettext`,
    # `ngettext`, `bold`): the environment's own global, and the same function called with
    # no context (`language.said_directly`). Set by `render.environment()`, before any
    # template is compiled.
    said: dict[str, tuple[Any, Callable[..., Any]]] | None = None

    @staticmethod
    def jinja_call(context: jinja2.runtime.Context, callee: Any, **extra: Any) -> Callable:
        """`callee` called as Jinja calls it, with the template's context if it asks."""
        return functools.partial(context.call, callee, **extra)


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
