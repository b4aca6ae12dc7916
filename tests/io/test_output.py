"""The one output path: atomic replacement, refusals, and nothing left behind."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from notation.io.output import (
    OutputError,
    atomic_output,
    check_target,
    display,
    file_output,
    spooled_stdout,
    staged_outputs,
    write_target,
)


def test_the_target_appears_only_when_the_block_succeeds(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    with atomic_output(target) as sink:
        sink.write("1. 11-15 *\n")
        assert not target.exists()
        assert os.listdir(tmp_path) == []  # the temporary file has no name
    assert target.read_text() == "1. 11-15 *\n"
    assert os.listdir(tmp_path) == ["out.pdn"]


def test_an_error_in_the_block_leaves_the_old_file_and_no_other(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_output(target) as sink:
        sink.write("new\n")
        raise RuntimeError("stop")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.pdn"]


def test_staged_files_replace_their_targets_only_when_the_whole_block_succeeds(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.pdn").write_text("old a\n")
    with staged_outputs() as stage:
        for name in ("a.pdn", "b.pdn"):
            with stage.output(tmp_path / name) as sink:
                sink.write(f"new {name}\n")
        assert (tmp_path / "a.pdn").read_text() == "old a\n"
        assert sorted(p for p in os.listdir(tmp_path) if not p.startswith(".")) == ["a.pdn"]
    assert (tmp_path / "a.pdn").read_text() == "new a.pdn\n"
    assert (tmp_path / "b.pdn").read_text() == "new b.pdn\n"
    assert sorted(os.listdir(tmp_path)) == ["a.pdn", "b.pdn"]


def test_an_error_in_a_staged_block_replaces_nothing_and_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.pdn").write_text("old a\n")
    os.symlink(tmp_path / "a.pdn", tmp_path / "link.pdn")
    with pytest.raises(RuntimeError), staged_outputs() as stage:
        for name in ("link.pdn", "b.pdn"):
            with stage.output(tmp_path / name) as sink:
                sink.write(f"new {name}\n")
        raise RuntimeError("stop")
    assert (tmp_path / "a.pdn").read_text() == "old a\n"
    assert sorted(os.listdir(tmp_path)) == ["a.pdn", "link.pdn"]
    assert os.readlink(tmp_path / "link.pdn") == str(tmp_path / "a.pdn")


def test_a_staged_output_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    for name in ("folder", "fifo"):
        with (
            pytest.raises(OutputError) as error,
            staged_outputs() as stage,
            stage.output(tmp_path / name) as sink,
        ):
            sink.write("x\n")
        assert str(error.value) == f"{display(tmp_path / name)} is not a file: it is not replaced"
    assert sorted(os.listdir(tmp_path)) == ["fifo", "folder"]


def test_an_abandoned_output_is_not_written(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    with atomic_output(target) as sink:
        sink.write("new\n")
        sink.abandon()
    assert os.listdir(tmp_path) == []


def test_the_replacement_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    target.write_text("old\n")
    target.chmod(0o640)
    with atomic_output(target) as sink:
        sink.write("new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_the_replacement_keeps_the_owner_and_group_of_the_file_it_replaces(
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.pdn"
    target.write_text("old\n")
    os.chown(target, 65534, 65533)
    target.chmod(0o664)
    with atomic_output(target) as sink:
        sink.write("new\n")
    found = target.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (65534, 65533, 0o664)
    assert target.read_text() == "new\n"


def test_an_owner_that_cannot_be_kept_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.pdn"
    target.write_text("old\n")
    owner = target.stat()
    real_fstat = os.fstat

    def other_owner(fd: int) -> os.stat_result:
        found = list(real_fstat(fd))
        found[stat.ST_UID] = owner.st_uid + 1
        return os.stat_result(found)

    def refuse(fd: int, uid: int, gid: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "fstat", other_owner)
    monkeypatch.setattr(os, "fchown", refuse)
    with pytest.raises(OutputError) as caught, atomic_output(target) as sink:
        sink.write("new\n")
    assert str(caught.value) == (
        f"cannot write {target}: it belongs to user {owner.st_uid} and group "
        f"{owner.st_gid}, which cannot be kept by this user: it is left as it was"
    )
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.pdn"]


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        with atomic_output(tmp_path / "new.pdn") as sink:
            sink.write("x\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.pdn").stat().st_mode) == 0o644


def test_writing_through_a_link_replaces_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.pdn"
    real.write_text("old\n")
    link = tmp_path / "link.pdn"
    link.symlink_to(real)
    assert write_target(link) == real
    with atomic_output(link) as sink:
        sink.write("new\n")
    assert link.is_symlink()
    assert real.read_text() == "new\n"


def test_text_is_encoded_as_asked_with_one_byte_order_mark(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    with atomic_output(target, encoding="utf-16-le") as sink:
        sink.write("\ufeff")
        sink.write("Gérard")
        sink.write(" Иван")
    assert target.read_bytes() == "\ufeffGérard Иван".encode("utf-16-le")
    with atomic_output(target, encoding="utf-8-sig") as sink:
        sink.write("a")
        sink.write("b")
    assert target.read_bytes() == b"\xef\xbb\xbfab"


def test_a_character_the_encoding_lacks_is_an_output_error(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    target.write_text("old\n")
    with (
        pytest.raises(OutputError, match="'Ж' cannot be written in cp1252"),
        atomic_output(target, encoding="cp1252") as sink,
    ):
        sink.write("Ж")
    assert target.read_text() == "old\n"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing/out.pdn", "cannot write {p}/missing/out.pdn: folder {p}/missing does not exist"),
        ("", "{p} is a folder, not a file"),
    ],
)
def test_check_target_refuses_what_cannot_be_written(
    tmp_path: Path, name: str, message: str
) -> None:
    with pytest.raises(OutputError) as caught:
        check_target(tmp_path / name)
    assert str(caught.value) == message.format(p=tmp_path)


def test_check_target_refuses_a_name_too_long_for_the_system(tmp_path: Path) -> None:
    name = "9" * 5000
    with pytest.raises(OutputError) as caught:
        check_target(tmp_path / name)
    assert str(caught.value) == f"cannot write {tmp_path}/{name}: file name too long"


def test_check_target_refuses_an_input_unless_in_place(tmp_path: Path) -> None:
    record = tmp_path / "games.pdn"
    record.write_text("1. 11-15 *\n")
    link = tmp_path / "link.pdn"
    link.symlink_to(record)
    for named in (record, link, tmp_path / "." / "games.pdn"):
        with pytest.raises(OutputError, match="is an input of this command"):
            check_target(named, [record])
        check_target(named, [record], in_place=True)
    check_target(tmp_path / "other.pdn", [record])


def test_a_folder_that_refuses_writing_is_an_output_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    monkeypatch.setattr("tempfile.mkstemp", refuse)
    with pytest.raises(OutputError) as caught, atomic_output(tmp_path / "out.pdn"):
        pass
    assert str(caught.value) == f"cannot write {tmp_path}/out.pdn: permission denied"


def test_a_full_disk_is_an_output_error_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.pdn"
    with pytest.raises(OutputError) as caught, atomic_output(target) as sink:
        monkeypatch.setattr(os, "fsync", _no_space)
        sink.write("x" * 10)
    assert str(caught.value) == (
        f"cannot write {target}: no space left on the device (nothing was written)"
    )
    assert os.listdir(tmp_path) == []


def _no_space(fd: int) -> None:
    raise OSError(28, "No space left on device")


def test_spooled_stdout_prints_only_when_the_block_succeeds(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    with pytest.raises(RuntimeError), spooled_stdout() as sink:
        sink.write("lost\n")
        raise RuntimeError("stop")
    with spooled_stdout() as sink:
        sink.write("abandoned\n")
        sink.abandon()
    with spooled_stdout() as sink:
        sink.write("kept é\n")
    assert capfdbinary.readouterr().out == "kept é\n".encode()


def test_a_released_output_is_written_then_and_the_rest_as_it_comes(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    with spooled_stdout() as sink:
        sink.write("held\n")
        assert capfdbinary.readouterr().out == b""
        sink.release()
        assert capfdbinary.readouterr().out == b"held\n"
        sink.write("x" * sink.BUFFER)
        assert capfdbinary.readouterr().out == b"x" * sink.BUFFER
        sink.write("rest é\n")
        sink.release()  # a second time changes nothing
    assert capfdbinary.readouterr().out == "rest é\n".encode()


def test_a_released_output_abandoned_keeps_what_was_written_and_drops_the_rest(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    with pytest.raises(RuntimeError), spooled_stdout() as sink:
        sink.write("first\n")
        sink.release()
        sink.write("lost\n")
        raise RuntimeError("stop")
    with spooled_stdout() as sink:
        sink.write("second\n")
        sink.release()
        sink.write("dropped\n")
        sink.abandon()
    assert capfdbinary.readouterr().out == b"first\nsecond\n"


def test_releasing_a_file_still_puts_it_in_place_only_at_the_end(tmp_path: Path) -> None:
    target = tmp_path / "out.pdn"
    with pytest.raises(RuntimeError), atomic_output(target) as sink:
        sink.write("new\n")
        sink.release()
        raise RuntimeError("stop")
    assert os.listdir(tmp_path) == []
    with atomic_output(target) as sink:
        sink.write("new\n")
        sink.release()
        assert os.listdir(tmp_path) == []
    assert target.read_text() == "new\n"


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full here")
def test_a_full_device_released_is_an_output_error_that_names_it() -> None:
    with pytest.raises(OutputError) as caught, atomic_output(Path("/dev/full")) as sink:
        sink.write("1. 11-15 *\n")
        sink.release()
    assert str(caught.value) == "cannot write /dev/full: no space left on the device"


def test_a_reader_gone_from_a_released_output_is_no_error(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def read_a_little() -> None:
        with fifo.open("rb") as reader:
            got.append(reader.read(5))

    reader = threading.Thread(target=read_a_little, daemon=True)
    reader.start()
    with atomic_output(fifo) as sink:
        sink.write("first\n")
        sink.release()
        reader.join(timeout=10)
        for _ in range(4):
            sink.write("x" * sink.BUFFER)
    assert got == [b"first"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_display_escapes_bytes_that_are_not_utf8() -> None:
    name = os.fsdecode(b"caf\xe9.pdn")
    assert display(name) == "caf\\xe9.pdn"
    assert display("café.pdn") == "café.pdn"


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full here")
def test_a_full_device_is_an_output_error_that_names_it() -> None:
    with pytest.raises(OutputError) as caught, atomic_output(Path("/dev/full")) as sink:
        sink.write("1. 11-15 *\n")
    assert str(caught.value) == "cannot write /dev/full: no space left on the device"


def test_a_fifo_is_written_into_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    with atomic_output(fifo) as sink:
        sink.write("1. 11-15 *\n")
    reader.join(10)
    assert got == [b"1. 11-15 *\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


def test_a_fifo_of_the_toolkits_own_is_replaced_without_waiting(tmp_path: Path) -> None:
    # A cache entry where someone put a FIFO: writing into it would wait for ever.
    fifo = tmp_path / "entry"
    os.mkfifo(fifo)

    def write() -> None:
        with atomic_output(fifo, through=False) as sink:
            sink.write("entry\n")

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(10)
    assert not writer.is_alive()
    assert fifo.read_text() == "entry\n"
    assert stat.S_ISREG(fifo.lstat().st_mode)


def test_a_link_to_nothing_is_refused_and_not_followed(tmp_path: Path) -> None:
    link = tmp_path / "link.pdn"
    link.symlink_to(tmp_path / "created.pdn")
    expected = (
        f"{link} is a symbolic link to a file that does not exist: it is not written "
        "through (name the file itself)"
    )
    with pytest.raises(OutputError) as caught:
        check_target(link)
    assert str(caught.value) == expected
    with pytest.raises(OutputError) as caught, atomic_output(link):
        pass
    assert str(caught.value) == expected
    assert os.listdir(tmp_path) == ["link.pdn"]


@pytest.mark.parametrize("name", ["/dev/fd/{fd}", "/proc/self/fd/{fd}", "link"])
def test_a_descriptor_of_the_process_is_written_into_where_it_stands(
    tmp_path: Path, name: str
) -> None:
    # A shell's >> opens the file to append: the text goes after what it holds, in the
    # same file, never in a file put in its place.
    log = tmp_path / "log.txt"
    log.write_text("old line\n")
    inode = log.stat().st_ino
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        (tmp_path / "link").symlink_to(f"/dev/fd/{fd}")
        with atomic_output(tmp_path / name.format(fd=fd)) as sink:
            sink.write("new line\n")
        os.write(fd, b"last line\n")
    finally:
        os.close(fd)
    assert log.read_text() == "old line\nnew line\nlast line\n"
    assert log.stat().st_ino == inode
    assert sorted(os.listdir(tmp_path)) == ["link", "log.txt"]


def test_a_descriptor_is_written_at_its_offset_and_not_truncated(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("0123456789\n")
    fd = os.open(out, os.O_WRONLY)
    try:
        os.lseek(fd, 4, os.SEEK_SET)
        with atomic_output(Path(f"/dev/fd/{fd}")) as sink:
            sink.write("ab")
        assert os.lseek(fd, 0, os.SEEK_CUR) == 6
    finally:
        os.close(fd)
    assert out.read_text() == "0123ab6789\n"


def test_a_descriptor_joins_no_stage_and_is_written_when_its_block_ends(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    log.write_text("old\n")
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        with staged_outputs() as stage:
            with file_output(Path(f"/dev/fd/{fd}"), stage) as sink:
                sink.write("new\n")
            assert stage.ready == []
    finally:
        os.close(fd)
    assert log.read_text() == "old\nnew\n"


def test_a_descriptor_not_open_is_an_output_error(tmp_path: Path) -> None:
    fd = os.open(tmp_path, os.O_RDONLY)
    os.close(fd)
    with pytest.raises(OutputError) as caught, atomic_output(Path(f"/dev/fd/{fd}")) as sink:
        sink.write("text\n")
    assert str(caught.value) == f"cannot write /dev/fd/{fd}: bad file descriptor"
    assert os.listdir(tmp_path) == []
