//! The regular-file rule of every file a study or dataset is read from: a regular file
//! or a link to one, and otherwise a message that names what the path is (a
//! directory, a named pipe, a socket, a device, a dangling link).

use std::path::Path;

use super::error::LocatedError;

/// Whether `path` is a regular file (or a link to one), or why it cannot be a study
/// file, in words that name what it is.
pub fn check_regular(path: &Path) -> Result<(), LocatedError> {
    let not = |what: &str, hint: &str| {
        LocatedError::whole_file(
            path,
            format!("is {what}, not a regular file: a study file must be a regular file{hint}"),
        )
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) if m.is_dir() => Err(not("a directory", "")),
        Ok(m) => Err(match special_kind(&m.file_type()) {
            "a named pipe (FIFO)" => not(
                "a named pipe (FIFO)",
                " (save what the pipe gives to a file first)",
            ),
            what => not(what, ""),
        }),
        Err(e) => {
            let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            Err(match e.kind() {
                std::io::ErrorKind::NotFound if link => LocatedError::whole_file(
                    path,
                    "is a symbolic link to a file that does not exist (a dangling link)",
                ),
                _ if link => LocatedError::whole_file(
                    path,
                    format!("cannot open the file this symbolic link names: {e}"),
                ),
                _ => LocatedError::whole_file(path, format!("cannot open: {e}")),
            })
        }
    }
}

/// What a file that is neither a regular file nor a directory is, for messages.
fn special_kind(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    let _ = t;
    "a special file"
}
