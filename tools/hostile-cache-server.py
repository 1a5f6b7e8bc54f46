#!/usr/bin/env python3
"""A hostile Bazel-remote-cache HTTP server on 127.0.0.1, for tools/bench-hostile-cache.sh.

    tools/hostile-cache-server.py MODE PORT [BYTES]

MODE is one of
  flood-cas  GET ac/* answers a pointer promising 1000 bytes; GET cas/* answers 200 with BYTES bytes
             (default 2 GiB) and no Content-Length; PUT answers 201.
  flood-ac   GET ac/* answers 200 with BYTES bytes and no Content-Length; PUT answers 201.
  dead       accepts every connection, reads the request and never answers.
  promise-gib  GET ac/* answers a 76-byte pointer promising 1 GiB; GET cas/* announces 1 GiB and
             sends one byte a second (issue 35, D5).
  trickle-cas  GET ac/* answers a pointer promising 100 bytes; GET cas/* announces them and sends one
             byte a second (the deadline message).
  two-lengths  GET answers with two Content-Length headers (76 and 60) and a 76-byte pointer.
  bomb       GET ac/* answers a pointer to a 34-byte CCZ file declaring 1.4 GB; GET cas/* answers
             that file (issue 35, D4).
PUT and DELETE answer 201 and 204 (except in dead). Prints "ready" on stdout once listening. Runs
until killed.
"""
import hashlib
import socket
import sys
import threading
import time

mode, port = sys.argv[1], int(sys.argv[2])
total = int(sys.argv[3]) if len(sys.argv) > 3 else 2 << 30
pointer = ("0" * 64 + " 1000\n").encode()
# CCZ!, compression 0, version 2, reserved 0, 1,400,000,000 inflated bytes, an empty zlib stream.
bomb = b"CCZ!" + bytes([0, 0, 0, 2, 0, 0, 0, 0]) + (1_400_000_000).to_bytes(4, "big")
bomb += bytes([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + bytes(10)
promises = {
    "promise-gib": ("0" * 64 + " %d\n" % (1 << 30)).encode(),
    "trickle-cas": ("0" * 64 + " 100\n").encode(),
    "two-lengths": ("0" * 64 + " %d\n" % (1 << 30)).encode(),
    "bomb": ("%s %d\n" % (hashlib.sha256(bomb).hexdigest(), len(bomb))).encode(),
}
held = []


def answer(conn, body, lengths=None):
    head = b"HTTP/1.1 200 OK\r\nConnection: close\r\n"
    for length in lengths or [len(body)]:
        head += b"Content-Length: %d\r\n" % length
    conn.sendall(head + b"\r\n" + body)


def trickle(conn, announced):
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % announced)
    for _ in range(announced):
        conn.sendall(b"x")
        time.sleep(1)


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk:
            return None, None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path = lines[0].split(" ")[:2]
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        body += chunk
    return method, path


def flood(conn):
    conn.sendall(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
    block = b"x" * 65536
    sent = 0
    while sent < total:
        part = block[: min(len(block), total - sent)]
        conn.sendall(part)
        sent += len(part)


def serve(conn):
    try:
        method, path = read_request(conn)
        if method is None:
            return
        if mode == "dead":
            held.append(conn)
            return
        if method == "PUT":
            conn.sendall(b"HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        elif method == "DELETE":
            conn.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        elif mode == "two-lengths":
            answer(conn, promises[mode], [len(promises[mode]), 60])
        elif "/ac/" in path and mode in promises:
            answer(conn, promises[mode])
        elif mode == "bomb":
            answer(conn, bomb)
        elif mode in ("promise-gib", "trickle-cas"):
            trickle(conn, int(promises[mode].split()[1]))
        elif "/ac/" in path and mode == "flood-cas":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(pointer) + pointer)
        else:
            flood(conn)
    except OSError:
        pass
    finally:
        if mode != "dead":
            conn.close()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", port))
listener.listen(64)
print("ready", flush=True)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
