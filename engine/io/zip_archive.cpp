#include "engine/io/zip_archive.h"

#include <QFile>

#include <zip.h>

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

}  // namespace

ZipArchive::ZipArchive(const QString &path) : m_name(path)
{
    int code = 0;
    m_zip = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!m_zip)
        throw IoError("zip archive " + q(path) + ": cannot open: " + zipErrorText(code));
    m_archiveSize = static_cast<uint64_t>(QFile(path).size());
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

}  // namespace gauntlet::io
