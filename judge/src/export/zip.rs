//! A ZIP archive writer, the subset every unzipper reads (APPNOTE 6.3): stored entries (no compression),
//! each with its CRC-32, Unix permissions (so `build` and `run` stay executable), a fixed timestamp (the
//! same package gives the same bytes), no ZIP64 (an archive past 4 GiB or 65,535 entries is refused).
//! Verified against `python3 -m zipfile -t` and `unzip -t` (tests/export.rs).

use std::io::{self, Write};

/// One file of the archive.
pub struct Entry<'a> {
    /// The path inside the archive, `/`-separated, relative.
    pub name: &'a str,
    pub data: &'a [u8],
    pub executable: bool,
}

/// What the central directory needs of an entry already written.
struct Written {
    name: String,
    crc: u32,
    size: u32,
    offset: u32,
    executable: bool,
}

/// Writes entries one at a time, then the central directory (`finish`).
pub struct Writer<W: Write> {
    out: W,
    offset: u64,
    written: Vec<Written>,
}

/// 1980-01-01 00:00, the earliest DOS date: every archive carries it, so the same files make the same bytes.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;
/// Version 2.0 of the format (what unzippers need for these entries), made on Unix (attributes are modes).
const VERSION_NEEDED: u16 = 20;
const MADE_BY_UNIX: u16 = (3 << 8) | 20;

impl<W: Write> Writer<W> {
    pub fn new(out: W) -> Self {
        Writer {
            out,
            offset: 0,
            written: Vec::new(),
        }
    }

    /// Appends one stored entry (its local header, then its bytes).
    pub fn add(&mut self, entry: &Entry) -> io::Result<()> {
        let too_big = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_string());
        let size = u32::try_from(entry.data.len())
            .map_err(|_| too_big("an entry of 4 GiB or more (no ZIP64 here)"))?;
        let offset = u32::try_from(self.offset)
            .map_err(|_| too_big("an archive of 4 GiB or more (no ZIP64 here)"))?;
        let name_len = u16::try_from(entry.name.len()).map_err(|_| too_big("a name too long"))?;
        let crc = crc32(entry.data);
        let mut header = Vec::with_capacity(30 + entry.name.len());
        put32(&mut header, 0x0403_4b50);
        put16(&mut header, VERSION_NEEDED);
        put16(&mut header, 0); // flags: names are ASCII
        put16(&mut header, 0); // method: stored
        put16(&mut header, DOS_TIME);
        put16(&mut header, DOS_DATE);
        put32(&mut header, crc);
        put32(&mut header, size); // compressed size
        put32(&mut header, size);
        put16(&mut header, name_len);
        put16(&mut header, 0); // extra field length
        header.extend_from_slice(entry.name.as_bytes());
        self.out.write_all(&header)?;
        self.out.write_all(entry.data)?;
        self.offset += (header.len() + entry.data.len()) as u64;
        self.written.push(Written {
            name: entry.name.to_string(),
            crc,
            size,
            offset,
            executable: entry.executable,
        });
        Ok(())
    }

    /// Writes the central directory and its end record; returns the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        let count = u16::try_from(self.written.len()).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "over 65,535 entries (no ZIP64 here)",
            )
        })?;
        let start = u32::try_from(self.offset).map_err(|_| {
            io::Error::new(io::ErrorKind::InvalidInput, "an archive of 4 GiB or more")
        })?;
        let mut directory = Vec::new();
        for entry in &self.written {
            // A regular file, rw-r--r-- or rwxr-xr-x, in the upper half of the external attributes.
            let mode: u32 = if entry.executable {
                0o100_755
            } else {
                0o100_644
            };
            put32(&mut directory, 0x0201_4b50);
            put16(&mut directory, MADE_BY_UNIX);
            put16(&mut directory, VERSION_NEEDED);
            put16(&mut directory, 0);
            put16(&mut directory, 0);
            put16(&mut directory, DOS_TIME);
            put16(&mut directory, DOS_DATE);
            put32(&mut directory, entry.crc);
            put32(&mut directory, entry.size);
            put32(&mut directory, entry.size);
            put16(&mut directory, entry.name.len() as u16);
            put16(&mut directory, 0); // extra
            put16(&mut directory, 0); // comment
            put16(&mut directory, 0); // disk number
            put16(&mut directory, 0); // internal attributes
            put32(&mut directory, mode << 16);
            put32(&mut directory, entry.offset);
            directory.extend_from_slice(entry.name.as_bytes());
        }
        let size = u32::try_from(directory.len()).map_err(|_| {
            io::Error::new(io::ErrorKind::InvalidInput, "a central directory too big")
        })?;
        start.checked_add(size).ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "an archive of 4 GiB or more")
        })?;
        put32(&mut directory, 0x0605_4b50);
        put16(&mut directory, 0); // this disk
        put16(&mut directory, 0); // the disk the directory starts on
        put16(&mut directory, count);
        put16(&mut directory, count);
        put32(&mut directory, size);
        put32(&mut directory, start);
        put16(&mut directory, 0); // comment length
        self.out.write_all(&directory)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

fn put16(buffer: &mut Vec<u8>, value: u16) {
    buffer.extend_from_slice(&value.to_le_bytes());
}

fn put32(buffer: &mut Vec<u8>, value: u32) {
    buffer.extend_from_slice(&value.to_le_bytes());
}

/// CRC-32 as ZIP (and Ethernet, PNG) use it: polynomial 0x04C11DB7 reflected (0xEDB88320), initial and
/// final value all ones; one table of 256 remainders, a byte at a time.
pub fn crc32(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut byte = 0;
        while byte < 256 {
            let mut remainder = byte as u32;
            let mut bit = 0;
            while bit < 8 {
                remainder = if remainder & 1 == 1 {
                    (remainder >> 1) ^ 0xEDB8_8320
                } else {
                    remainder >> 1
                };
                bit += 1;
            }
            table[byte] = remainder;
            byte += 1;
        }
        table
    };
    let mut crc = !0u32;
    for &byte in data {
        crc = TABLE[((crc ^ byte as u32) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_check_values() {
        // The standard check value of CRC-32/ISO-HDLC, and two more from zlib's crc32.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"a"), 0xE8B7_BE43);
    }

    #[test]
    fn one_entry_archive_layout() {
        let mut writer = Writer::new(Vec::new());
        writer
            .add(&Entry {
                name: "run",
                data: b"hi\n",
                executable: true,
            })
            .unwrap();
        let bytes = writer.finish().unwrap();
        // Local header (30 + 3 name) + 3 data, central header (46 + 3), end record (22).
        assert_eq!(bytes.len(), 33 + 3 + 49 + 22);
        assert_eq!(&bytes[..4], b"PK\x03\x04");
        assert_eq!(&bytes[36..40], b"PK\x01\x02");
        let end = &bytes[bytes.len() - 22..];
        assert_eq!(&end[..4], b"PK\x05\x06");
        assert_eq!(u16::from_le_bytes([end[10], end[11]]), 1, "one entry");
        assert_eq!(
            u32::from_le_bytes([end[16], end[17], end[18], end[19]]),
            36,
            "the directory starts after the entry"
        );
        let external = u32::from_le_bytes([
            bytes[36 + 38],
            bytes[37 + 38],
            bytes[38 + 38],
            bytes[39 + 38],
        ]);
        assert_eq!(external >> 16, 0o100_755);
        let crc = u32::from_le_bytes([bytes[14], bytes[15], bytes[16], bytes[17]]);
        assert_eq!(crc, crc32(b"hi\n"));
    }
}
