# SPDX-License-Identifier: GPL-2.0-only
"""The compressions of a version 7 trace.dat, as trace-cmd's plugins call
them: zlib's compress2() at Z_BEST_COMPRESSION (trace-compress-zlib.c;
Python's zlib.compress() is that call; uncompress() reads it) and one
zstd frame per block (trace-compress-zstd.c), here through ctypes from
libzstd.so.1, which trace-cmd itself links. Each is named and versioned
as trace-cmd's file header names it.
"""
import ctypes
import zlib


class Zlib:
    name = b'zlib'
    version = zlib.ZLIB_RUNTIME_VERSION.encode()

    @staticmethod
    def compress(data):
        return zlib.compress(data, 9)

    @staticmethod
    def decompress(data, size):
        out = zlib.decompress(data)
        if len(out) != size:
            raise ValueError('zlib block of %d bytes, not %d' % (len(out), size))
        return out


class Zstd:
    name = b'zstd'

    def __init__(self):
        self.lib = ctypes.CDLL('libzstd.so.1')
        self.lib.ZSTD_compressBound.restype = ctypes.c_size_t
        self.lib.ZSTD_compressBound.argtypes = [ctypes.c_size_t]
        self.lib.ZSTD_compress.restype = ctypes.c_size_t
        self.lib.ZSTD_compress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p,
                                           ctypes.c_size_t, ctypes.c_int]
        self.lib.ZSTD_decompress.restype = ctypes.c_size_t
        self.lib.ZSTD_decompress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p,
                                             ctypes.c_size_t]
        self.lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
        self.lib.ZSTD_versionString.restype = ctypes.c_char_p
        self.version = self.lib.ZSTD_versionString()

    def compress(self, data):
        room = self.lib.ZSTD_compressBound(len(data))
        out = ctypes.create_string_buffer(room)
        size = self.lib.ZSTD_compress(out, room, data, len(data), 0)
        if self.lib.ZSTD_isError(size):
            raise ValueError('ZSTD_compress failed')
        return out.raw[:size]

    def decompress(self, data, size):
        out = ctypes.create_string_buffer(max(size, 1))
        got = self.lib.ZSTD_decompress(out, size, data, len(data))
        if self.lib.ZSTD_isError(got) or got != size:
            raise ValueError('zstd block is not %d bytes' % size)
        return out.raw[:size]


def compressor(name):
    """The compressor called @name ('zlib', 'zstd'), or None for 'none'."""
    if name == 'none':
        return None
    if name == 'zlib':
        return Zlib()
    if name == 'zstd':
        return Zstd()
    raise ValueError('no compression %r' % name)
