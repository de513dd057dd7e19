import Foundation
import Testing
@testable import Scripting

/// The user's folders (XDG): each variable, else under `$HOME`, else under the account's home;
/// an empty value counts as unset.
@Suite("User folders")
struct UserFoldersTests {
    @Test("XDG variables, then $HOME, then the account's home")
    func order() {
        let account = NSHomeDirectory() as NSString
        #expect(UserFolders.dataHome(["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x")
        #expect(UserFolders.dataHome(["XDG_DATA_HOME": "", "HOME": "/h"]) == "/h/.local/share")
        #expect(UserFolders.configHome(["HOME": "/h"]) == "/h/.config")
        #expect(UserFolders.stateHome(["HOME": "/h"]) == "/h/.local/state")
        #expect(UserFolders.configHome(["HOME": ""]) == account.appendingPathComponent(".config"))
        #expect(UserFolders.home([:]) == NSHomeDirectory())
    }

    @Test("the reports folder: ASSETFLOW_REPORTS, else the data home's assetflow/reports")
    func reports() {
        #expect(ReportSession.defaultFolder(["ASSETFLOW_REPORTS": "/r", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/r")
        #expect(ReportSession.defaultFolder(["ASSETFLOW_REPORTS": "", "XDG_DATA_HOME": "/x"]) == "/x/assetflow/reports")
        #expect(ReportSession.defaultFolder(["HOME": "/h"]) == "/h/.local/share/assetflow/reports")
        #expect(ModuleLoader.userLibrary(environment: ["HOME": "/h"]) == "/h/.config/assetflow/lib")
        #expect(EditLineReader.defaultHistoryPath(environment: ["HOME": "/h"]) == "/h/.local/state/assetflow/history")
    }
}
