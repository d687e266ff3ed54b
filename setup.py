"""The build step pyproject.toml cannot say: the gettext catalogs compiled into the package."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_catalogs(build_py):
    """Each `pbem/locale/<lang>/LC_MESSAGES/pbem.po` shipped with its compiled `pbem.mo`,
    which the program reads without Babel's parser."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path(self.build_lib, "pbem", "locale").glob("*/LC_MESSAGES/*.po"):
            with po.open("rb") as f:
                catalog = read_po(f)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog)


setup(cmdclass={"build_py": build_py_with_catalogs})
