"""A tiny pure-Python reader and writer of .npy files (no NumPy), for the
`command` reference protocol in kfix tests: little-endian, C-order, the dtypes
f8 f4 i8 i4 i2 i1 u8 u4 u2 u1 b1 (f2 values are decoded through struct 'e')."""
import ast
import struct

_FORMATS = {"f8": "d", "f4": "f", "f2": "e", "i8": "q", "i4": "i", "i2": "h", "i1": "b",
            "u8": "Q", "u4": "I", "u2": "H", "u1": "B", "b1": "?"}


def load(path):
    """Returns (descr, shape, flat list of values)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(path + ": not a .npy file")
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    descr = header["descr"]
    if header["fortran_order"]:
        raise ValueError(path + ": Fortran order")
    shape = tuple(header["shape"])
    n = 1
    for d in shape:
        n *= d
    fmt = "<" + str(n) + _FORMATS[descr[1:]]
    values = list(struct.unpack(fmt, data[start + hlen:]))
    return descr, shape, values


def save(path, descr, shape, values):
    shape = tuple(shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (descr, shape)
    total = 10 + len(header) + 1
    header += " " * ((total + 63) // 64 * 64 - total) + "\n"
    body = struct.pack("<" + str(len(values)) + _FORMATS[descr[1:]], *values)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(body)
