import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapHTTP
import PuzzleMapTestFixtures
import Testing
import Yams

@Suite struct OpenAPITests {
    /// `METHOD /path/{param}` for every operation the document describes.
    func documentedOperations(_ yaml: String) throws -> Set<String> {
        let document = try #require(try Yams.load(yaml: yaml) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        return Set(paths.flatMap { path, item in
            ((item as? [String: Any]) ?? [:]).keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" }
        })
    }

    @Test func theServedDocumentListsExactlyTheRoutes() async throws {
        let service = try await TestService()
        let router = buildRouter(services: service.services)
        // The pages are the web app, not the JSON API: the document leaves them out.
        let routes = Set(router.routes.map { route in
            let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            return "\(route.method) /\(path.joined(separator: "/"))"
        }).subtracting(pageOperationKeys(services: service.services))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
                let documented = try documentedOperations(String(buffer: response.body))
                #expect(documented.subtracting(routes).isEmpty, "documented but not routed: \(documented.subtracting(routes).sorted())")
                #expect(routes.subtracting(documented).isEmpty, "routed but not documented: \(routes.subtracting(documented).sorted())")
            }
        }
    }

    @Test func theDocumentNamesEveryProblemCodeTheServiceCanAnswerWithAndNoOther() throws {
        let document = try #require(try Yams.load(yaml: String(contentsOf: documentURL, encoding: .utf8)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let problem = try #require(schemas["Problem"] as? [String: Any])
        let properties = try #require(problem["properties"] as? [String: Any])
        let code = try #require(properties["code"] as? [String: Any])
        let documented = Set(try #require(code["enum"] as? [String]))
        let answered = Set(ProblemCode.allCases.map(\.rawValue))
        #expect(answered.subtracting(documented).isEmpty, "answered but not documented: \(answered.subtracting(documented).sorted())")
        #expect(documented.subtracting(answered).isEmpty, "documented but never answered: \(documented.subtracting(answered).sorted())")
    }

    var documentURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PuzzleMapHTTP/Resources/openapi.yaml")
    }

    @Test func theDocumentValidatesAsOpenAPI31() async throws {
        let document = documentURL
        let validator = try await ChildProcess.run(["python3", "-c", """
            import sys, yaml
            from openapi_spec_validator import validate
            spec = yaml.safe_load(open(sys.argv[1]))
            assert spec["openapi"].startswith("3.1"), spec["openapi"]
            validate(spec)
            """, document.path])
        #expect(validator.status == 0, "openapi-spec-validator rejected the document: \(validator.output)")
    }
}
