#include "engine/io/zip_archive.h"

#include <QFile>

#include <zip.h>

#include <algorithm>

namespace gauntlet::io {

namespace {

std::string q(const QString &s) { return s.toStdString(); }

std::string zipErrorText(int code)
{
    zip_error_t err;
    zip_error_init_with_code(&err, code);
    std::string s = zip_error_strerror(&err);
    zip_error_fini(&err);
    return s;
}

// The largest ratio deflate can reach is about 1032:1; a declared size beyond that is a lie.
constexpr uint64_t kMaxDeflateRatio = 1032;

/// Little-endian integers of `b` at `at` (the caller checks the bounds).
uint64_t le(const QByteArray &b, qsizetype at, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(b[at + i]);
    return v;
}

/// Entry name -> local header offset from the central directory of the archive in `f` (APPNOTE
/// 4.3.12-4.3.16: end of central directory, zip64 locator and record, file headers with their
/// zip64 extra field).
std::map<std::string, uint64_t> readLocalHeaderOffsets(QFile &f, uint64_t fileSize, const std::string &where)
{
    const auto fail = [&](const std::string &why) { throw IoError("zip archive " + where + ": " + why); };
    const uint64_t tailSize = std::min<uint64_t>(fileSize, 65535 + 22);
    if (tailSize < 22 || !f.seek(qint64(fileSize - tailSize)))
        fail("too short for an end of central directory");
    const QByteArray tail = f.read(qint64(tailSize));
    qsizetype eocd = -1;
    for (qsizetype i = tail.size() - 22; i >= 0 && eocd < 0; --i)
        if (le(tail, i, 4) == 0x06054b50)
            eocd = i;
    if (eocd < 0)
        fail("no end of central directory");
    uint64_t entries = le(tail, eocd + 10, 2), cdSize = le(tail, eocd + 12, 4), cdOffset = le(tail, eocd + 16, 4);
    if (entries == 0xFFFF || cdSize == 0xFFFFFFFF || cdOffset == 0xFFFFFFFF) {
        if (eocd < 20 || le(tail, eocd - 20, 4) != 0x07064b50)
            fail("zip64 end of central directory locator missing");
        const uint64_t record = le(tail, eocd - 20 + 8, 8);
        if (record > fileSize || !f.seek(qint64(record)))
            fail("zip64 end of central directory outside the archive");
        const QByteArray r = f.read(56);
        if (r.size() < 56 || le(r, 0, 4) != 0x06064b50)
            fail("zip64 end of central directory record missing");
        entries = le(r, 32, 8);
        cdSize = le(r, 40, 8);
        cdOffset = le(r, 48, 8);
    }
    if (cdOffset > fileSize || cdSize > fileSize - cdOffset || cdSize > (uint64_t(1) << 30) || !f.seek(qint64(cdOffset)))
        fail("central directory outside the archive");
    const QByteArray cd = f.read(qint64(cdSize));
    if (uint64_t(cd.size()) != cdSize)
        fail("central directory truncated");
    std::map<std::string, uint64_t> out;
    qsizetype p = 0;
    for (uint64_t k = 0; k < entries; ++k) {
        if (p + 46 > cd.size() || le(cd, p, 4) != 0x02014b50)
            fail("central directory entry " + std::to_string(k) + " is damaged");
        const auto n = qsizetype(le(cd, p + 28, 2)), e = qsizetype(le(cd, p + 30, 2)), c = qsizetype(le(cd, p + 32, 2));
        if (p + 46 + n + e + c > cd.size())
            fail("central directory entry " + std::to_string(k) + " is damaged");
        uint64_t uncompressed = le(cd, p + 24, 4), compressed = le(cd, p + 20, 4), offset = le(cd, p + 42, 4);
        for (qsizetype x = p + 46 + n, end = x + e; x + 4 <= end;) {
            const uint64_t id = le(cd, x, 2);
            const auto len = qsizetype(le(cd, x + 2, 2));
            if (x + 4 + len > end)
                break;
            if (id == 0x0001) {  // zip64: the 8-byte values of the fields that hold 0xFFFFFFFF, in order
                qsizetype q = x + 4;
                for (uint64_t *field : {&uncompressed, &compressed, &offset}) {
                    if (*field == 0xFFFFFFFF && q + 8 <= x + 4 + len) {
                        *field = le(cd, q, 8);
                        q += 8;
                    }
                }
            }
            x += 4 + len;
        }
        out[cd.mid(p + 46, n).toStdString()] = offset;
        p += 46 + n + e + c;
    }
    return out;
}

}  // namespace

ZipArchive::ZipArchive(const QString &path) : m_name(path)
{
    int code = 0;
    m_zip = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!m_zip)
        throw IoError("zip archive " + q(path) + ": cannot open: " + zipErrorText(code));
    m_archiveSize = static_cast<uint64_t>(QFile(path).size());
    m_fromFile = true;
}

ZipArchive::ZipArchive(const QByteArray &bytes, const QString &name) : m_name(name), m_bytes(bytes)
{
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t *src = zip_source_buffer_create(m_bytes.constData(), static_cast<zip_uint64_t>(m_bytes.size()),
                                                 0, &err);
    if (!src) {
        const std::string why = zip_error_strerror(&err);
        zip_error_fini(&err);
        throw IoError("zip archive " + q(name) + ": " + why);
    }
    m_zip = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
    if (!m_zip) {
        const std::string why = zip_error_strerror(&err);
        zip_source_free(src);
        zip_error_fini(&err);
        throw IoError("zip archive " + q(name) + ": cannot open: " + why);
    }
    zip_error_fini(&err);
    m_archiveSize = static_cast<uint64_t>(m_bytes.size());
}

ZipArchive::~ZipArchive()
{
    if (m_zip)
        zip_discard(m_zip);
}

std::vector<std::string> ZipArchive::entries() const
{
    std::vector<std::string> out;
    const zip_int64_t n = zip_get_num_entries(m_zip, 0);
    for (zip_int64_t i = 0; i < n; ++i)
        if (const char *name = zip_get_name(m_zip, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW))
            out.emplace_back(name);
    return out;
}

int64_t ZipArchive::index(const std::string &entry) const
{
    return zip_name_locate(m_zip, entry.c_str(), ZIP_FL_ENC_RAW);
}

bool ZipArchive::contains(const std::string &entry) const { return index(entry) >= 0; }

uint64_t ZipArchive::size(const std::string &entry) const
{
    const int64_t i = index(entry);
    if (i < 0)
        throw IoError("zip archive " + q(m_name) + ": no entry '" + entry + "'");
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(m_zip, static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': cannot stat: " +
                      zip_strerror(m_zip));
    if ((st.valid & ZIP_STAT_COMP_SIZE) && st.comp_method != ZIP_CM_STORE &&
        st.size / kMaxDeflateRatio > st.comp_size + 1024)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': declared size " +
                      std::to_string(st.size) + " is impossible for " + std::to_string(st.comp_size) +
                      " compressed bytes");
    if ((st.valid & ZIP_STAT_COMP_SIZE) && st.comp_method == ZIP_CM_STORE && (st.size != st.comp_size || st.size > m_archiveSize))
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': stored entry sizes disagree with each other or the archive");
    return st.size;
}

void ZipArchive::read(const std::string &entry, void *dest, uint64_t bytes) const
{
    const uint64_t declared = size(entry);
    if (declared != bytes)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': holds " + std::to_string(declared) +
                      " bytes, expected " + std::to_string(bytes));
    zip_file_t *f = zip_fopen_index(m_zip, static_cast<zip_uint64_t>(index(entry)), 0);
    if (!f)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': cannot open: " + zip_strerror(m_zip));
    char *p = static_cast<char *>(dest);
    uint64_t done = 0;
    while (done < bytes) {
        const zip_int64_t n = zip_fread(f, p + done, bytes - done);
        if (n < 0) {
            const std::string why = zip_file_strerror(f);
            zip_fclose(f);
            throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': read failed: " + why);
        }
        if (n == 0)
            break;
        done += static_cast<uint64_t>(n);
    }
    // One more read reaches the end of the entry, where libzip checks the CRC.
    char extra;
    const zip_int64_t tail = done == bytes ? zip_fread(f, &extra, 1) : 0;
    const std::string why = tail < 0 ? zip_file_strerror(f) : std::string();
    const int closed = zip_fclose(f);
    if (done != bytes)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': truncated after " +
                      std::to_string(done) + " of " + std::to_string(bytes) + " bytes");
    if (tail < 0)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': " + why);
    if (tail > 0)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': longer than its declared size");
    if (closed != 0)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': " + zipErrorText(closed));
}

QByteArray ZipArchive::read(const std::string &entry, uint64_t limit) const
{
    const uint64_t n = size(entry);
    if (n > limit)
        throw IoError("zip archive " + q(m_name) + ", entry '" + entry + "': " + std::to_string(n) +
                      " bytes exceed the limit of " + std::to_string(limit));
    QByteArray out(static_cast<qsizetype>(n), Qt::Uninitialized);
    read(entry, out.data(), n);
    return out;
}

bool looksLikeZip(const QByteArray &head)
{
    return head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06");
}

std::optional<ZipArchive::StoredRange> ZipArchive::storedRange(const std::string &entry) const
{
    if (!m_fromFile)
        return std::nullopt;
    const uint64_t bytes = size(entry);  // checks a stored entry's sizes against the archive
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(m_zip, static_cast<zip_uint64_t>(index(entry)), 0, &st) != 0 || !(st.valid & ZIP_STAT_COMP_METHOD)
        || !(st.valid & ZIP_STAT_CRC) || st.comp_method != ZIP_CM_STORE
        || ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE))
        return std::nullopt;
    if (!m_file) {  // opened once for the central directory and every local header
        m_file = std::make_unique<QFile>(m_name);
        if (!m_file->open(QIODevice::ReadOnly))
            return std::nullopt;
        m_localHeaders = readLocalHeaderOffsets(*m_file, m_archiveSize, q(m_name));
    }
    if (!m_file->isOpen())
        return std::nullopt;
    QFile &f = *m_file;
    const auto found = m_localHeaders->find(entry);
    const std::string where = "zip archive " + q(m_name) + ", entry '" + entry + "'";
    if (found == m_localHeaders->end())
        throw IoError(where + ": not in the central directory");
    const uint64_t header = found->second;
    QByteArray local;
    if (header <= m_archiveSize && f.seek(qint64(header)))
        local = f.read(30);
    if (local.size() < 30 || le(local, 0, 4) != 0x04034b50)
        throw IoError(where + ": no local header at offset " + std::to_string(header));
    const uint64_t offset = header + 30 + le(local, 26, 2) + le(local, 28, 2);
    if (offset > m_archiveSize || bytes > m_archiveSize - offset)
        throw IoError(where + ": its data lies outside the archive");
    return StoredRange{offset, bytes, st.crc};
}

}  // namespace gauntlet::io
