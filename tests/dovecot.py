"""A real IMAP server for the tests: Dovecot on 127.0.0.1, started by the test in a folder
of its own (its dovecot.conf, a self-signed certificate made with openssl, a passwd-file
user, the mail in a Maildir there), stopped after it. Where Dovecot or openssl is missing
the test is skipped and says why.
"""

from __future__ import annotations

import grp
import imaplib
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pytest

DOVECOT = Path("/usr/sbin/dovecot")
USER, PASSWORD = "sc@example.org", "app password"  # the GM guide's


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, log: Path) -> None:
    # Bounded by a minute however loaded the machine is: a server that does not come up
    # in that time has failed, and says why in its log.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dovecot stopped: {log.read_text(errors='replace')[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("dovecot did not listen within a minute")


@dataclass
class Dovecot:
    root: Path
    conf: Path
    cafile: Path
    imaps: int  # TLS from the start
    imap: int  # STARTTLS
    process: subprocess.Popen = field(repr=False)

    def url(self, folder: str = "INBOX", port: int | None = None, scheme: str = "imaps") -> str:
        return f"{scheme}://{USER}@127.0.0.1:{port or self.imaps}/{folder}"

    def client(self) -> imaplib.IMAP4_SSL:
        context = ssl.create_default_context(cafile=str(self.cafile))
        client = imaplib.IMAP4_SSL("127.0.0.1", self.imaps, ssl_context=context, timeout=30)
        client.login(USER, PASSWORD)
        return client

    def append(self, folder: str, data: bytes, when: datetime | None = None) -> None:
        client = self.client()
        try:
            client.create(folder)  # refused when it is there already
            typ, answer = client.append(folder, None, imaplib.Time2Internaldate(when)
                                        if when else None, data)
            assert typ == "OK", answer
        finally:
            client.logout()

    def doveadm(self, *args: str) -> str:
        return subprocess.run(["doveadm", "-c", str(self.conf), *args], check=True,
                              capture_output=True, text=True).stdout

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(dh: bool = False) -> tuple[Dovecot, tempfile.TemporaryDirectory]:
    if not DOVECOT.exists():
        pytest.skip(f"no Dovecot at {DOVECOT}: install Debian's package dovecot-imapd to run "
                    "the IMAP tests")
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make the test server's certificate")
    # Under /tmp itself, readable by all: as root, the mail belongs to the user nobody,
    # who must reach it (pytest's own temporary folders are the user's alone).
    holder = tempfile.TemporaryDirectory(prefix="pbem-dovecot-")
    root = Path(holder.name)
    root.chmod(0o755)
    for name in ("run", "state", "mail"):
        (root / name).mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem"),
                    "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    (root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
    if os.geteuid() == 0:
        # Dovecot gives no mail to root, and runs its login processes as its own users.
        nobody = pwd.getpwnam("nobody")
        uid, gid = nobody.pw_uid, nobody.pw_gid
        os.chown(root / "mail", uid, gid)
        login, internal, group = "dovenull", "dovecot", "dovecot"
    else:
        # Dovecot run by a user: every process and socket his own.
        uid, gid = os.getuid(), os.getgid()
        login = internal = pwd.getpwuid(uid).pw_name
        group = grp.getgrgid(gid).gr_name
    imaps, imap = free_port(), free_port()
    conf = root / "dovecot.conf"
    conf.write_text(f"""\
base_dir = {root}/run
state_dir = {root}/state
instance_name = pbem-test-{imaps}
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
disable_plaintext_auth = yes
auth_mechanisms = plain
default_login_user = {login}
default_internal_user = {internal}
default_internal_group = {group}
first_valid_uid = {min(uid, 500)}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {root}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/mail/%n
}}
mail_location = maildir:{root}/mail/%n/Maildir
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
}}
""")
    process = subprocess.Popen([str(DOVECOT), "-F", "-c", str(conf)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        _wait_for(imaps, process, root / "dovecot.log")
        _wait_for(imap, process, root / "dovecot.log")
    except BaseException:
        process.kill()
        process.wait()
        holder.cleanup()
        raise
    return Dovecot(root, conf, root / "cert.pem", imaps, imap, process), holder


class CuttingProxy:
    """A TCP relay in front of the server that cuts its first connection once it has
    relayed `cut_after` bytes from the server: a connection dropped in the middle of a
    fetch, as a provider's or a train's network drops it."""

    def __init__(self, port: int, cut_after: int) -> None:
        self.target, self.cut_after = port, cut_after
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        self.cut = False
        self.relayed: list[int] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            server = socket.create_connection(("127.0.0.1", self.target))
            limit = self.cut_after if self.connections == 1 else None
            for args in ((client, server, None, False), (server, client, limit, True)):
                threading.Thread(target=self._pipe, args=args, daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket, limit: int | None,
              from_server: bool) -> None:
        passed = 0
        try:
            while True:
                data = source.recv(4096)
                if not data:
                    break
                if limit is not None and passed + len(data) >= limit:
                    sink.sendall(data[:limit - passed])
                    self.cut = True
                    break
                sink.sendall(data)
                passed += len(data)
        except OSError:
            pass
        finally:
            if from_server:
                self.relayed.append(passed)
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()

    def close(self) -> None:
        self.listener.close()


@pytest.fixture(scope="module")
def imap_server():
    """A Dovecot of its own for a test module, stopped and removed after it."""
    found, holder = start()
    yield found
    found.stop()
    holder.cleanup()
