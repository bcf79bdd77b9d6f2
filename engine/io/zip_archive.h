// Read-only access to zip archives (PyTorch's checkpoint container) through libzip.
#pragma once

#include "engine/io/io_error.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <map>
#include <memory>
#include <optional>

#include <cstdint>
#include <string>
#include <vector>

struct zip;

namespace gauntlet::io {

/// A zip archive opened for reading, from a file or from bytes in memory. The archive is untrusted:
/// libzip checks the central directory's consistency (ZIP_CHECKCONS) and each entry's CRC while
/// reading; every problem throws IoError naming the archive and the entry.
class ZipArchive {
public:
    /// Opens `path`. Throws IoError if it is missing or not a consistent zip archive.
    explicit ZipArchive(const QString &path);
    /// Opens an archive held in `bytes` (kept alive by this object); `name` appears in errors.
    ZipArchive(const QByteArray &bytes, const QString &name);
    ~ZipArchive();
    ZipArchive(const ZipArchive &) = delete;
    ZipArchive &operator=(const ZipArchive &) = delete;

    const QString &name() const { return m_name; }
    /// Every entry name, in central-directory order.
    std::vector<std::string> entries() const;
    bool contains(const std::string &entry) const;
    /// The uncompressed size of `entry` in bytes. Throws IoError if absent.
    uint64_t size(const std::string &entry) const;
    /// Reads all of `entry` into `dest`, which must hold exactly size(entry) bytes. Throws IoError
    /// on a missing entry, a size mismatch, a CRC error or a decompression error.
    void read(const std::string &entry, void *dest, uint64_t bytes) const;
    /// Reads all of `entry`. Refuses entries above `limit` bytes.
    QByteArray read(const std::string &entry, uint64_t limit = uint64_t(1) << 31) const;

    /// Where a stored entry's bytes lie in the archive file.
    struct StoredRange {
        uint64_t offset = 0;  ///< of the first data byte, from the start of the file
        uint64_t size = 0;    ///< bytes (stored: compressed size = size)
        uint32_t crc = 0;     ///< CRC-32 the archive declares for them
    };
    /// For memory-mapping: the range of `entry` when it is stored uncompressed and unencrypted in
    /// an archive opened from a file (torch.save writes its storages so, 64-byte aligned); empty
    /// for compressed or encrypted entries and for archives held in memory. The local header's
    /// offset comes from the central directory (zip64 included), which libzip does not expose.
    /// Throws IoError naming the archive when the headers disagree with it.
    std::optional<StoredRange> storedRange(const std::string &entry) const;

private:
    int64_t index(const std::string &entry) const;

    QString m_name;
    QByteArray m_bytes;
    bool m_fromFile = false;
    /// The archive file and its entry name -> local header offset, read on storedRange's first use.
    mutable std::unique_ptr<QFile> m_file;
    mutable std::optional<std::map<std::string, uint64_t>> m_localHeaders;
    uint64_t m_archiveSize = 0;
    zip *m_zip = nullptr;
};

/// True if `head` starts with a zip local-file or end-of-central-directory signature.
bool looksLikeZip(const QByteArray &head);

}  // namespace gauntlet::io
