import Core
import Foundation
import Store

extension DataTransfer {
    /// `assetflow import FILE`: the profile that recognizes the file (or the one named);
    /// a file no profile recognizes goes through the generic column mapping (`flags`), and
    /// when that fails too the message starts with the profile that came closest.
    public static func importProfiled(_ request: ProfileImport.Request, flags: ImportFlags, storePath: String) throws -> [String] {
        let profiled: [String]?
        do {
            profiled = try userErrors { try open(storePath).withSession { try ProfileImport.run(request, session: $0) } }
        } catch let error as ProfileError {
            throw ScriptRunError(error.description)
        }
        if let profiled { return profiled }
        do {
            return try importFile(flags, storePath: storePath)
        } catch let error as ScriptRunError {
            throw ScriptRunError(ProfileImport.unrecognizedMessage(file: request.file) + "\nThe generic column mapping cannot read it either:\n" + error.description)
        }
    }
}
