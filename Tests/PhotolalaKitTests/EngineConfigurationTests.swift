import Testing

@testable import PhotolalaKit

@Suite("Where caches and data live")
struct EngineConfigurationTests {
    #if os(Linux)
        @Test("XDG folders on Linux, under the home folder when unset")
        func xdgFolders() {
            let defaults = EngineConfiguration.standard(environment: ["HOME": "/home/ann"])
            #expect(defaults.cacheDirectory == "/home/ann/.cache/photolala")
            #expect(defaults.dataDirectory == "/home/ann/.local/share/photolala")

            let xdg = EngineConfiguration.standard(environment: ["HOME": "/home/ann", "XDG_CACHE_HOME": "/fast/cache", "XDG_DATA_HOME": "/data"])
            #expect(xdg.cacheDirectory == "/fast/cache/photolala")
            #expect(xdg.dataDirectory == "/data/photolala")
        }
    #endif

    @Test("PHOTOLALA_CACHE_DIR and PHOTOLALA_DATA_DIR win over the platform's folders")
    func overrides() {
        let configuration = EngineConfiguration.standard(environment: [
            "HOME": "/home/ann", "XDG_CACHE_HOME": "/xdg", "PHOTOLALA_CACHE_DIR": "/c", "PHOTOLALA_DATA_DIR": "/d",
        ])
        #expect(configuration.cacheDirectory == "/c")
        #expect(configuration.dataDirectory == "/d")
    }

    @Test("Empty variables count as unset")
    func emptyVariables() {
        let configuration = EngineConfiguration.standard(environment: ["HOME": "/home/ann", "PHOTOLALA_CACHE_DIR": ""])
        #expect(configuration.cacheDirectory != "")
        #expect(configuration.cacheDirectory.hasPrefix("/home/ann/"))
    }
}
