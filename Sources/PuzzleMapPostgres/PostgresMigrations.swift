import Logging
import PostgresNIO
import PuzzleMapStorage

/// The PostgreSQL schema, the same tables, columns and constraints as SQLite's migrations
/// under the same names, in PostgreSQL's types:
///
/// - ids are `bigint` identities, other integers `bigint` (SQLite's integers are 64-bit);
/// - instants are `timestamptz` holding whole milliseconds (see `StoredDate`); a week is a `date`;
/// - text is `text COLLATE "C"`, which orders bytes as SQLite's BINARY collation does whatever
///   the database's locale; emails and usernames are unique through indexes on `nocase(...)`,
///   their ASCII-lowercased form, which is SQLite's NOCASE;
/// - JSON is `jsonb`, photos' responses `bytea`.
///
/// Identifiers are written unquoted, as in the SQLite code, so PostgreSQL folds them to lower
/// case (`gameEvent` is the table `gameevent`).
///
/// Each migration is applied once and recorded in `schema_migrations`. Like GRDB's, a migration
/// is never edited once it has shipped: changes come as new ones.
enum PostgresMigrations {
    /// The advisory lock every instance takes before migrating, so that of several instances
    /// starting together on one schema one migrates and the others wait, then find the work
    /// done. It is taken per schema (this key hashed with the schema's name): instances on
    /// other schemas of the same database have nothing to wait for.
    static let lockKey: Int64 = 0x5A5A_4D41_5030_0001

    /// Whether a name can be used as a schema without quoting surprises.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return name.count <= 63 && name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Applies the migrations this database lacks, in one transaction under the advisory lock.
    static func migrate(on connection: PostgresConnection, schema: String?, logger: Logger) async throws {
        try await PostgresHuntRepository.transaction(on: connection, begin: "BEGIN", logger: logger) { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended(COALESCE(\(schema)::text, current_schema()), \(lockKey)))",
                                     logger: logger)
            if let schema {
                // Under the lock: two instances creating one schema at once would collide.
                try await connection.run(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(schema)\""), logger: logger)
                try await connection.run(PostgresQuery(unsafeSQL: "SET LOCAL search_path TO \"\(schema)\""), logger: logger)
            }
            try await connection.run("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    identifier text COLLATE "C" PRIMARY KEY,
                    appliedAt timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            let applied = Set(try await connection.values("SELECT identifier FROM schema_migrations", as: String.self, logger: logger))
            for migration in migrations where !applied.contains(migration.identifier) {
                for statement in migration.statements {
                    try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.run("INSERT INTO schema_migrations (identifier) VALUES (\(migration.identifier))", logger: logger)
                logger.info("Applied PostgreSQL migration", metadata: ["migration": "\(migration.identifier)"])
            }
        }
    }

    static let migrations: [(identifier: String, statements: [String])] = [
        ("v1 content, players and ledger", [
            """
            CREATE TABLE checkpoint (
                id text COLLATE "C" PRIMARY KEY,
                number bigint NOT NULL UNIQUE,
                position bigint NOT NULL,
                name text COLLATE "C" NOT NULL,
                category text COLLATE "C" NOT NULL,
                building text COLLATE "C" NOT NULL,
                floor bigint NOT NULL,
                latitude double precision NOT NULL,
                longitude double precision NOT NULL,
                hours jsonb NOT NULL,
                tags jsonb NOT NULL,
                facts jsonb NOT NULL,
                tagVersion bigint NOT NULL DEFAULT 1,
                retiredAt timestamptz,
                updatedAt timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE riddle (
                id text COLLATE "C" PRIMARY KEY,
                checkpointId text COLLATE "C" NOT NULL REFERENCES checkpoint (id) ON DELETE RESTRICT,
                difficulty text COLLATE "C" NOT NULL,
                text text COLLATE "C" NOT NULL,
                hints jsonb NOT NULL,
                insider text COLLATE "C" NOT NULL,
                retiredAt timestamptz,
                updatedAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX riddle_on_checkpointId ON riddle (checkpointId)",
            """
            CREATE TABLE contentImport (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                fingerprint text COLLATE "C" NOT NULL,
                importedAt timestamptz NOT NULL,
                summary jsonb NOT NULL
            )
            """,
            """
            CREATE TABLE setting (
                key text COLLATE "C" PRIMARY KEY,
                value text COLLATE "C" NOT NULL
            )
            """,
            """
            CREATE TABLE player (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                email text COLLATE "C" NOT NULL,
                username text COLLATE "C" NOT NULL,
                displayName text COLLATE "C" NOT NULL,
                createdAt timestamptz NOT NULL
            )
            """,
            // SQLite's NOCASE: ASCII letters folded to lower case, nothing else (PostgreSQL's
            // lower() would fold by the database's locale).
            """
            CREATE FUNCTION nocase(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $$ SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$
            """,
            // The names say which column a sign-up collided on (see `createAccount`).
            "CREATE UNIQUE INDEX player_email_nocase ON player (nocase(email))",
            "CREATE UNIQUE INDEX player_username_nocase ON player (nocase(username))",
            """
            CREATE TABLE gameEvent (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                kind text COLLATE "C" NOT NULL,
                checkpointId text COLLATE "C" REFERENCES checkpoint (id) ON DELETE RESTRICT,
                riddleId text COLLATE "C" REFERENCES riddle (id) ON DELETE RESTRICT,
                xp bigint NOT NULL,
                occurredAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX gameEvent_on_playerId ON gameEvent (playerId)",
            "CREATE INDEX gameEvent_on_checkpointId ON gameEvent (checkpointId)",
        ]),
        ("v2 accounts, sessions, mail and rate counters", [
            """
            ALTER TABLE player
                ADD COLUMN passwordHash text COLLATE "C" NOT NULL DEFAULT '',
                ADD COLUMN role text COLLATE "C" NOT NULL DEFAULT 'player',
                ADD COLUMN partnerId text COLLATE "C",
                ADD COLUMN emailVerifiedAt timestamptz,
                ADD COLUMN deletedAt timestamptz
            """,
            """
            CREATE TABLE session (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                familyId text COLLATE "C" NOT NULL,
                accessHash text COLLATE "C" NOT NULL UNIQUE,
                refreshHash text COLLATE "C" NOT NULL UNIQUE,
                accessExpiresAt timestamptz NOT NULL,
                refreshExpiresAt timestamptz NOT NULL,
                createdAt timestamptz NOT NULL,
                refreshedAt timestamptz,
                revokedAt timestamptz
            )
            """,
            "CREATE INDEX session_on_playerId ON session (playerId)",
            "CREATE INDEX session_on_familyId ON session (familyId)",
            """
            CREATE TABLE emailVerification (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                codeHash text COLLATE "C" NOT NULL,
                expiresAt timestamptz NOT NULL,
                failedAttempts bigint NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE passwordReset (
                tokenHash text COLLATE "C" PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                expiresAt timestamptz NOT NULL,
                usedAt timestamptz
            )
            """,
            "CREATE INDEX passwordReset_on_playerId ON passwordReset (playerId)",
            """
            CREATE TABLE mailOutbox (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                recipient text COLLATE "C" NOT NULL,
                subject text COLLATE "C" NOT NULL,
                body text COLLATE "C" NOT NULL,
                createdAt timestamptz NOT NULL,
                sentAt timestamptz,
                attempts bigint NOT NULL DEFAULT 0,
                lastError text COLLATE "C",
                nextAttemptAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX mailOutbox_pending ON mailOutbox (sentAt, nextAttemptAt)",
            """
            CREATE TABLE rateCounter (
                key text COLLATE "C" PRIMARY KEY,
                windowStart timestamptz NOT NULL,
                count bigint NOT NULL
            )
            """,
        ]),
        ("v3 quiz and riddles held", [
            """
            CREATE TABLE quizResult (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                answers jsonb NOT NULL,
                profile jsonb NOT NULL,
                takenAt timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE riddleAttempt (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                riddleId text COLLATE "C" NOT NULL REFERENCES riddle (id) ON DELETE RESTRICT,
                checkpointId text COLLATE "C" NOT NULL REFERENCES checkpoint (id) ON DELETE RESTRICT,
                category text COLLATE "C" NOT NULL,
                hintsUsed bigint NOT NULL DEFAULT 0,
                startedAt timestamptz NOT NULL,
                closedAt timestamptz,
                outcome text COLLATE "C"
            )
            """,
            "CREATE INDEX riddleAttempt_on_playerId ON riddleAttempt (playerId)",
            "ALTER TABLE gameEvent ADD COLUMN hintsUsed bigint NOT NULL DEFAULT 0",
            // At most one riddle held per player and category, whatever the concurrency.
            """
            CREATE UNIQUE INDEX riddleAttempt_one_active_per_category
            ON riddleAttempt (playerId, category) WHERE closedAt IS NULL
            """,
        ]),
        ("v4 scans, check-ins and idempotency", [
            """
            CREATE TABLE scan (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                checkpointId text COLLATE "C" NOT NULL REFERENCES checkpoint (id) ON DELETE RESTRICT,
                outcome text COLLATE "C" NOT NULL,
                flagged boolean NOT NULL DEFAULT false,
                photoSha256 text COLLATE "C",
                photoHash bigint,
                latitude double precision,
                longitude double precision,
                accuracyMetres double precision,
                scannedAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX scan_on_checkpointId ON scan (checkpointId)",
            "CREATE INDEX scan_player_time ON scan (playerId, scannedAt)",
            "CREATE INDEX scan_photo ON scan (photoSha256)",
            """
            CREATE TABLE scanFailure (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                reason text COLLATE "C" NOT NULL,
                latitude double precision,
                longitude double precision,
                failedAt timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE checkIn (
                id text COLLATE "C" PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                checkpointId text COLLATE "C" NOT NULL REFERENCES checkpoint (id) ON DELETE RESTRICT,
                expiresAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX checkIn_on_playerId ON checkIn (playerId)",
            """
            CREATE TABLE idempotentScan (
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                idempotencyKey text COLLATE "C" NOT NULL,
                status bigint NOT NULL,
                response bytea NOT NULL,
                createdAt timestamptz NOT NULL,
                PRIMARY KEY (playerId, idempotencyKey)
            )
            """,
        ]),
        ("v5 offer stock and vouchers", [
            """
            CREATE TABLE offerStock (
                offerId text COLLATE "C" PRIMARY KEY,
                partnerId text COLLATE "C" NOT NULL,
                stock bigint NOT NULL,
                issued bigint NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE voucher (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                offerId text COLLATE "C" NOT NULL REFERENCES offerStock (offerId) ON DELETE RESTRICT,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                unlockedBy bigint NOT NULL,
                issuedAt timestamptz NOT NULL,
                expiresAt timestamptz NOT NULL,
                giftedBy bigint,
                giftedAt timestamptz,
                redeemedAt timestamptz,
                redeemedBy bigint,
                UNIQUE (offerId, unlockedBy)
            )
            """,
            "CREATE INDEX voucher_on_playerId ON voucher (playerId)",
            "CREATE INDEX voucher_redeemed ON voucher (redeemedAt)",
            "CREATE INDEX voucher_gifts ON voucher (giftedBy, giftedAt)",
        ]),
        ("v6 friends, blocks and scores", [
            // One row per pair, the smaller id first.
            """
            CREATE TABLE friendship (
                playerA bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                playerB bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                since timestamptz NOT NULL,
                PRIMARY KEY (playerA, playerB),
                CHECK (playerA < playerB)
            )
            """,
            "CREATE INDEX friendship_on_playerB ON friendship (playerB)",
            """
            CREATE TABLE friendRequest (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                fromPlayer bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                toPlayer bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                createdAt timestamptz NOT NULL,
                UNIQUE (fromPlayer, toPlayer)
            )
            """,
            "CREATE INDEX friendRequest_on_toPlayer ON friendRequest (toPlayer)",
            """
            CREATE TABLE block (
                blocker bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                blocked bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                createdAt timestamptz NOT NULL,
                PRIMARY KEY (blocker, blocked)
            )
            """,
            "CREATE INDEX block_on_blocked ON block (blocked)",
            // Totals kept beside the ledger for leaderboards: a rank is an index range count.
            """
            CREATE TABLE score (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                xp bigint NOT NULL,
                lastActiveAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX score_xp ON score (xp, playerId)",
            """
            CREATE TABLE weeklyScore (
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                weekStart date NOT NULL,
                xp bigint NOT NULL,
                PRIMARY KEY (weekStart, playerId)
            )
            """,
            "CREATE INDEX weeklyScore_xp ON weeklyScore (weekStart, xp, playerId)",
            """
            INSERT INTO score (playerId, xp, lastActiveAt)
            SELECT playerId, SUM(xp), MAX(occurredAt) FROM gameEvent GROUP BY playerId
            """,
        ]),
        ("v7 idempotent scans remember their request", [
            #"ALTER TABLE idempotentScan ADD COLUMN requestDigest text COLLATE "C" NOT NULL DEFAULT ''"#,
        ]),
        // Answers were kept as HTTP bodies with their status; now the game's own answer is kept
        // and rendered on replay. A retry of a scan made before the upgrade is decided again,
        // and the ledger keeps it from scoring twice.
        ("v8 idempotent scans keep the game's answer", [
            "DELETE FROM idempotentScan",
            "ALTER TABLE idempotentScan DROP COLUMN status",
        ]),
        ("v9 problem reports", [
            """
            CREATE TABLE problemReport (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint REFERENCES player (id) ON DELETE SET NULL,
                kind text COLLATE "C" NOT NULL,
                checkpointId text COLLATE "C",
                text text COLLATE "C" NOT NULL,
                context text COLLATE "C",
                createdAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX problemReport_createdAt ON problemReport (createdAt)",
        ]),
        ("v10 audit log", [
            """
            CREATE TABLE auditLog (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                actorId bigint,
                actorName text COLLATE "C" NOT NULL,
                action text COLLATE "C" NOT NULL,
                subject text COLLATE "C" NOT NULL,
                detail text COLLATE "C" NOT NULL,
                at timestamptz NOT NULL
            )
            """,
            // Append-only: the database itself refuses to change or remove a line.
            """
            CREATE FUNCTION auditLog_appendOnly() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$
            """,
            "CREATE TRIGGER auditLog_appendOnly BEFORE UPDATE OR DELETE ON auditLog FOR EACH ROW EXECUTE FUNCTION auditLog_appendOnly()",
        ]),
        // Apart from the checkpoint's own row, which every import rewrites: a closure outlives
        // reloads of the content files.
        ("v11 closed checkpoints and broadcasts", [
            """
            CREATE TABLE checkpointClosure (
                checkpointId text COLLATE "C" PRIMARY KEY REFERENCES checkpoint (id) ON DELETE CASCADE,
                note text COLLATE "C" NOT NULL,
                closedAt timestamptz NOT NULL,
                closedBy text COLLATE "C" NOT NULL
            )
            """,
            """
            CREATE TABLE broadcast (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                text text COLLATE "C" NOT NULL,
                sentAt timestamptz NOT NULL,
                sentBy text COLLATE "C" NOT NULL,
                endedAt timestamptz
            )
            """,
        ]),
        ("v12 staff invitations", [
            """
            CREATE TABLE staffInvitation (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                tokenHash text COLLATE "C" NOT NULL UNIQUE,
                email text COLLATE "C" NOT NULL,
                partnerId text COLLATE "C" NOT NULL,
                invitedBy bigint REFERENCES player (id) ON DELETE SET NULL,
                createdAt timestamptz NOT NULL,
                expiresAt timestamptz NOT NULL,
                usedAt timestamptz,
                staffId bigint REFERENCES player (id) ON DELETE SET NULL,
                revokedAt timestamptz,
                revokedBy bigint REFERENCES player (id) ON DELETE SET NULL
            )
            """,
            "CREATE INDEX staffInvitation_createdAt ON staffInvitation (createdAt)",
        ]),
        // Why a scan was flagged (before, only the speed check and reused photos flagged); the
        // scan a ledger event came from or voids, linked for the events already written by the
        // scan's instant; an organiser's reason; a player's suspension.
        ("v13 moderation: flags, voids, adjustments and suspensions", [
            #"ALTER TABLE scan ADD COLUMN flag text COLLATE "C""#,
            "UPDATE scan SET flag = CASE WHEN outcome = 'photo_already_used' THEN 'reused_photo' ELSE 'too_fast' END WHERE flagged",
            "CREATE INDEX scan_flagged ON scan (flagged, id)",
            "ALTER TABLE gameEvent ADD COLUMN scanId bigint REFERENCES scan (id) ON DELETE SET NULL",
            #"ALTER TABLE gameEvent ADD COLUMN reason text COLLATE "C""#,
            """
            UPDATE gameEvent SET scanId = (
                SELECT scan.id FROM scan WHERE scan.playerId = gameEvent.playerId AND scan.checkpointId = gameEvent.checkpointId
                    AND scan.scannedAt = gameEvent.occurredAt ORDER BY scan.id LIMIT 1)
            WHERE kind IN ('solved', 'explored')
            """,
            "CREATE INDEX gameEvent_scan ON gameEvent (scanId)",
            "ALTER TABLE player ADD COLUMN suspendedAt timestamptz",
            #"ALTER TABLE player ADD COLUMN suspensionReason text COLLATE "C""#,
        ]),
        ("v14 report status, hint times and the dashboard's indexes", [
            // Where each report stands, set by organisers; who set it last is an account id kept
            // without a reference, like the audit log's, so the line outlives the account.
            """
            ALTER TABLE problemReport
                ADD COLUMN status text COLLATE "C" NOT NULL DEFAULT 'open',
                ADD COLUMN statusSetBy bigint,
                ADD COLUMN statusSetAt timestamptz
            """,
            // When each hint was taken (riddleAttempt only counts them), for hints per hour.
            """
            CREATE TABLE hintTaken (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                attemptId bigint NOT NULL REFERENCES riddleAttempt (id) ON DELETE CASCADE,
                takenAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX hintTaken_on_playerId ON hintTaken (playerId)",
            "CREATE INDEX hintTaken_on_takenAt ON hintTaken (takenAt)",
            // The dashboard counts what happened since an instant, and who ever played.
            "CREATE INDEX gameEvent_time ON gameEvent (occurredAt)",
            "CREATE INDEX scan_time ON scan (scannedAt)",
            "CREATE INDEX scanFailure_time ON scanFailure (failedAt)",
            "CREATE INDEX scanFailure_player ON scanFailure (playerId)",
            "CREATE INDEX riddleAttempt_time ON riddleAttempt (startedAt)",
            "CREATE INDEX voucher_redeemedBy ON voucher (redeemedBy)",
        ]),
        // A race between two friends to one riddle's place. Expiry is read from the dates; only
        // an answer, a withdrawal or a win closes one.
        ("v15 friend challenges", [
            """
            CREATE TABLE challenge (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                challengerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                challengedId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                riddleId text COLLATE "C" NOT NULL,
                checkpointId text COLLATE "C" NOT NULL,
                createdAt timestamptz NOT NULL,
                acceptedAt timestamptz,
                closedAt timestamptz,
                closing text COLLATE "C",
                winnerId bigint REFERENCES player (id) ON DELETE SET NULL,
                scanId bigint REFERENCES scan (id) ON DELETE SET NULL
            )
            """,
            "CREATE INDEX challenge_on_challengerId ON challenge (challengerId)",
            "CREATE INDEX challenge_on_challengedId ON challenge (challengedId)",
        ]),
        // A player's live events, numbered 1, 2, 3, ... by the counter, whose row lock makes
        // the numbers follow the order the transactions commit in.
        ("v16 live events", [
            """
            CREATE TABLE liveEvent (
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                sequence bigint NOT NULL,
                kind text COLLATE "C" NOT NULL,
                payload text COLLATE "C" NOT NULL,
                subjectId bigint,
                createdAt timestamptz NOT NULL,
                PRIMARY KEY (playerId, sequence)
            )
            """,
            "CREATE INDEX liveEvent_on_createdAt ON liveEvent (createdAt)",
            """
            CREATE TABLE liveEventCounter (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                last bigint NOT NULL
            )
            """,
        ]),
        // One crew a player: the member row's key is the player.
        ("v17 crews", [
            """
            CREATE TABLE crew (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                name text COLLATE "C" NOT NULL,
                leaderId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                codeVersion integer NOT NULL DEFAULT 1,
                createdAt timestamptz NOT NULL
            )
            """,
            """
            CREATE TABLE crewMember (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                crewId bigint NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
                joinedAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX crewMember_on_crewId ON crewMember (crewId)",
            """
            CREATE TABLE crewRiddle (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                crewId bigint NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
                riddleId text COLLATE "C" NOT NULL REFERENCES riddle (id),
                checkpointId text COLLATE "C" NOT NULL,
                category text COLLATE "C" NOT NULL,
                hintsUsed integer NOT NULL DEFAULT 0,
                startedAt timestamptz NOT NULL,
                solvedAt timestamptz
            )
            """,
            "CREATE INDEX crewRiddle_on_crewId ON crewRiddle (crewId)",
            """
            CREATE TABLE crewScan (
                crewRiddleId bigint NOT NULL REFERENCES crewRiddle (id) ON DELETE CASCADE,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                scannedAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX crewScan_on_crewRiddleId ON crewScan (crewRiddleId)",
        ]),
        // The crews' board reads the riddles solved in a week in solvedAt order.
        ("v18 crew boards and invitations", [
            "CREATE INDEX crewRiddle_on_solvedAt ON crewRiddle (solvedAt, crewId)",
            """
            CREATE TABLE crewInvitation (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                crewId bigint NOT NULL REFERENCES crew (id) ON DELETE CASCADE,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                invitedBy bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                createdAt timestamptz NOT NULL,
                UNIQUE (crewId, playerId)
            )
            """,
            "CREATE INDEX crewInvitation_on_playerId ON crewInvitation (playerId)",
        ]),
        // A player's play version: bumped by every change to their ledger, riddles held and
        // freebies, whichever statement makes it, so a progress or map read kept from an
        // earlier request is known to be current by the version read with the session.
        ("v19 play versions", [
            "ALTER TABLE player ADD COLUMN playVersion bigint NOT NULL DEFAULT 0",
            """
            CREATE FUNCTION bump_play_version() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    UPDATE player SET playVersion = playVersion + 1 WHERE id = OLD.playerId;
                END IF;
                IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.playerId IS DISTINCT FROM OLD.playerId) THEN
                    UPDATE player SET playVersion = playVersion + 1 WHERE id = NEW.playerId;
                END IF;
                RETURN NULL;
            END
            $$
            """,
        ] + PlayVersion.tables.map { table in
            "CREATE TRIGGER \(table)_play_version AFTER INSERT OR UPDATE OR DELETE ON \(table) FOR EACH ROW EXECUTE FUNCTION bump_play_version()"
        }),
        // A board is read in its own order (most XP first, ties by id) straight off the index,
        // not sorted from everyone tied with the last row shown. How many players hold each
        // total is kept by the scores' own triggers: a rank adds up the few totals above a
        // player's, whatever their place, instead of counting everyone ahead.
        ("v20 boards read in order, ranks from tallies", [
            "DROP INDEX score_xp",
            "CREATE INDEX score_board ON score (xp DESC, playerId)",
            "DROP INDEX weeklyScore_xp",
            "CREATE INDEX weeklyScore_board ON weeklyScore (weekStart, xp DESC, playerId)",
            "CREATE TABLE scoreTally (xp bigint PRIMARY KEY, players bigint NOT NULL)",
            "CREATE TABLE weeklyScoreTally (weekStart date NOT NULL, xp bigint NOT NULL, players bigint NOT NULL, PRIMARY KEY (weekStart, xp))",
            "INSERT INTO scoreTally (xp, players) SELECT xp, COUNT(*) FROM score GROUP BY xp",
            "INSERT INTO weeklyScoreTally (weekStart, xp, players) SELECT weekStart, xp, COUNT(*) FROM weeklyScore GROUP BY weekStart, xp",
            // One statement a change, the lower total first: two changes that meet lock the
            // same rows in the same order.
            """
            CREATE FUNCTION tally_score() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO scoreTally AS tally (xp, players)
                SELECT change.xp, SUM(change.players) FROM (VALUES (OLD.xp, -1), (NEW.xp, 1)) AS change (xp, players)
                WHERE change.xp IS NOT NULL GROUP BY change.xp HAVING SUM(change.players) <> 0 ORDER BY change.xp
                ON CONFLICT (xp) DO UPDATE SET players = tally.players + excluded.players;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE FUNCTION tally_weekly_score() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO weeklyScoreTally AS tally (weekStart, xp, players)
                SELECT change.weekStart, change.xp, SUM(change.players)
                FROM (VALUES (OLD.weekStart, OLD.xp, -1), (NEW.weekStart, NEW.xp, 1)) AS change (weekStart, xp, players)
                WHERE change.xp IS NOT NULL GROUP BY change.weekStart, change.xp HAVING SUM(change.players) <> 0
                ORDER BY change.weekStart, change.xp
                ON CONFLICT (weekStart, xp) DO UPDATE SET players = tally.players + excluded.players;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER score_tally AFTER INSERT OR UPDATE OF xp OR DELETE ON score FOR EACH ROW EXECUTE FUNCTION tally_score()",
            "CREATE TRIGGER weeklyScore_tally AFTER INSERT OR UPDATE OF xp, weekStart OR DELETE ON weeklyScore FOR EACH ROW EXECUTE FUNCTION tally_weekly_score()",
        ]),
        // A crew riddle whose place left the hunt is closed as released, not solved.
        ("v21 crew riddles released", [
            "ALTER TABLE crewRiddle ADD COLUMN releasedAt timestamptz",
        ]),
        // One row a browser: its endpoint is the push service's name for it; `cursor` is the
        // player's live event up to which this browser was considered.
        ("v22 push notifications", [
            """
            CREATE TABLE pushSubscription (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                endpoint text COLLATE "C" NOT NULL UNIQUE,
                p256dh bytea NOT NULL,
                auth bytea NOT NULL,
                language text COLLATE "C" NOT NULL,
                cursor bigint NOT NULL,
                createdAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX pushSubscription_on_playerId ON pushSubscription (playerId)",
            """
            CREATE TABLE pushTopicOff (
                playerId bigint NOT NULL REFERENCES player (id) ON DELETE CASCADE,
                topic text COLLATE "C" NOT NULL,
                PRIMARY KEY (playerId, topic)
            )
            """,
            "ALTER TABLE voucher ADD COLUMN lapseAnnouncedAt timestamptz",
            "CREATE INDEX voucher_lapsing ON voucher (expiresAt) WHERE redeemedAt IS NULL",
        ]),
        // One change of address waiting a player, until its code is typed.
        ("v23 email changes", [
            """
            CREATE TABLE emailChange (
                playerId bigint PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
                newEmail text NOT NULL,
                codeHash text COLLATE "C" NOT NULL,
                expiresAt timestamptz NOT NULL,
                failedAttempts integer NOT NULL DEFAULT 0
            )
            """,
        ]),
        ("v24 content versions", [
            "ALTER TABLE contentImport ADD COLUMN content jsonb",
            "ALTER TABLE contentImport ADD COLUMN origin text COLLATE \"C\" NOT NULL DEFAULT 'files'",
            "ALTER TABLE contentImport ADD COLUMN rolledBackFrom bigint",
        ]),
        ("v25 content draft", [
            // The organisers' unpublished edits: one draft for the hunt (content NULL once
            // published or thrown away, the revision counting on).
            """
            CREATE TABLE contentDraft (
                id integer PRIMARY KEY CHECK (id = 1),
                base bigint NOT NULL,
                content jsonb,
                revision bigint NOT NULL,
                savedBy text NOT NULL,
                savedAt timestamptz NOT NULL
            )
            """,
        ]),
        ("v26 sticker prints", [
            // The last print from the console of each place's sticker: what it showed.
            """
            CREATE TABLE stickerPrint (
                checkpointId text COLLATE "C" PRIMARY KEY,
                name text NOT NULL,
                codeVersion integer NOT NULL,
                printedAt timestamptz NOT NULL
            )
            """,
        ]),
        ("v27 open days", [
            // Open days: guest events visitors join with a nickname from a poster's code. A
            // guest's account names its event until they sign up; the event says when its
            // guests are due to be erased, and when they were.
            """
            CREATE TABLE guestEvent (
                id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                name text COLLATE "C" NOT NULL,
                startsAt timestamptz NOT NULL,
                endsAt timestamptz NOT NULL,
                joinCode text COLLATE "C" NOT NULL UNIQUE,
                eraseAfterDays bigint NOT NULL,
                erasesAt timestamptz NOT NULL,
                guestOffers jsonb NOT NULL,
                createdAt timestamptz NOT NULL,
                createdBy text COLLATE "C" NOT NULL,
                guestsErasedAt timestamptz
            )
            """,
            "ALTER TABLE player ADD COLUMN guestEventId bigint REFERENCES guestEvent (id)",
            "CREATE INDEX player_on_guestEventId ON player (guestEventId)",
        ]),
        ("v28 player looks", [
            // A player's chosen avatar and uploaded photo (re-encoded), with its review.
            """
            CREATE TABLE playerLook (
                playerId bigint PRIMARY KEY REFERENCES player (id),
                avatar text COLLATE "C",
                picture bytea,
                pictureStatus text COLLATE "C",
                pictureVersion bigint NOT NULL DEFAULT 0,
                uploadedAt timestamptz,
                reviewedAt timestamptz,
                reviewedBy text COLLATE "C"
            )
            """,
            "CREATE INDEX playerLook_waiting ON playerLook (pictureStatus, uploadedAt)",
        ]),
        ("v29 campus plan", [
            // The organisers' own campus map: one row, whose version keeps counting through
            // removals (the picture is NULL while there is no plan); pins as JSON.
            """
            CREATE TABLE campusPlan (
                id integer PRIMARY KEY CHECK (id = 1),
                version bigint NOT NULL,
                picture bytea,
                width integer NOT NULL,
                height integer NOT NULL,
                pins text NOT NULL,
                uploadedAt timestamptz NOT NULL,
                uploadedBy text COLLATE "C" NOT NULL
            )
            """,
        ]),
        // Every instance hears every change to a session or a player row (an account's own
        // changes and its play version, which the triggers of v19 bump) when it commits, on the
        // schema's own channel, and drops what it kept of them. The channel is named from the
        // schema the writing connection works in; the listening connection asks the same
        // expression for it (`PostgresHuntRepository.accountChannelQuery`).
        ("v30 account signals", [
            """
            CREATE FUNCTION signal_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()),
                                  CASE WHEN TG_TABLE_NAME = 'player' THEN 'p:' ELSE 's:' END || OLD.id);
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER player_account_signal AFTER UPDATE OR DELETE ON player FOR EACH ROW EXECUTE FUNCTION signal_account_change()",
            "CREATE TRIGGER session_account_signal AFTER UPDATE OR DELETE ON session FOR EACH ROW EXECUTE FUNCTION signal_account_change()",
        ]),
        // A friendship made or ended touches both players' rows, so that the change is heard
        // as theirs wherever their friends are kept (`Hunt.friendCircles`).
        ("v31 friendships touch their players", [
            "ALTER TABLE player ADD COLUMN friendsVersion bigint NOT NULL DEFAULT 0",
            """
            CREATE FUNCTION touch_friends() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (OLD.playerA, OLD.playerB);
                ELSE
                    UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (NEW.playerA, NEW.playerB);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER friendship_touch AFTER INSERT OR DELETE ON friendship FOR EACH ROW EXECUTE FUNCTION touch_friends()",
        ]),
        // So does a block made or lifted, so that it is heard as theirs wherever what each sees
        // of the boards is kept (`Hunt.keptBoards`).
        ("v32 blocks touch their players", [
            """
            CREATE FUNCTION touch_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (OLD.blocker, OLD.blocked);
                ELSE
                    UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (NEW.blocker, NEW.blocked);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER block_touch AFTER INSERT OR DELETE ON block FOR EACH ROW EXECUTE FUNCTION touch_blocks()",
        ]),
        // A player row whose play version alone moved (the triggers of v19, after a write to a
        // ledger, riddles or freebies) is signalled with the version as committed, so that what
        // an instance keeps of the account follows it instead of being read again; any other
        // change of the row, or its deletion, is signalled as before. A change of a player's
        // all-time total is signalled too (`x:<player>`), for what is kept of the boards, which
        // a play version moving alone leaves as it was.
        ("v33 play versions and totals signalled", [
            """
            CREATE OR REPLACE FUNCTION signal_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_TABLE_NAME = 'player' AND TG_OP = 'UPDATE'
                   AND to_jsonb(NEW) - 'playversion' = to_jsonb(OLD) - 'playversion' THEN
                    PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()), 'v:' || NEW.id || ':' || NEW.playVersion);
                ELSE
                    PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()),
                                      CASE WHEN TG_TABLE_NAME = 'player' THEN 'p:' ELSE 's:' END || OLD.id);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE FUNCTION signal_score_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()), 'x:' || OLD.playerId);
                ELSE
                    PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()), 'x:' || NEW.playerId);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER score_account_signal AFTER INSERT OR UPDATE OR DELETE ON score FOR EACH ROW EXECUTE FUNCTION signal_score_change()",
        ]),
        // Each total on the boards among everyone that moves is signalled with its new value,
        // so that what an instance keeps of the boards is patched, not read again: a player's
        // all-time or weekly total (`x:<player>:<week or empty>:<xp>:<serial>`, 0 when the row
        // goes) and how many hold a total (`t:<week or empty>:<xp>:<players>:<serial>`). The
        // serial keeps two notifications of one transaction apart (PostgreSQL delivers identical
        // ones once), so that a total that moves there and back is heard as it ended.
        ("v34 totals signalled with their values", [
            "DROP TRIGGER score_account_signal ON score",
            "DROP FUNCTION signal_score_change()",
            "CREATE SEQUENCE total_signal_serial",
            """
            CREATE FUNCTION signal_total_change() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
                after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
                whose boolean := TG_TABLE_NAME IN ('score', 'weeklyscore');
                kept text := CASE WHEN whose THEN 'playerid' ELSE 'xp' END;
                counted text := CASE WHEN whose THEN 'xp' ELSE 'players' END;
                moved boolean := before -> kept IS DISTINCT FROM after -> kept OR before -> 'weekstart' IS DISTINCT FROM after -> 'weekstart';
                told jsonb;
            BEGIN
                FOREACH told IN ARRAY ARRAY[
                    CASE WHEN before IS NOT NULL AND moved THEN before || jsonb_build_object(counted, 0) END,
                    CASE WHEN after IS NOT NULL AND (moved OR before -> counted IS DISTINCT FROM after -> counted) THEN after END
                ] LOOP
                    CONTINUE WHEN told IS NULL;
                    PERFORM pg_notify('puzzlemap_accounts_' || md5(current_schema()),
                        CASE WHEN whose THEN 'x:' || (told ->> 'playerid') || ':' ELSE 't:' END
                        || COALESCE(told ->> 'weekstart', '') || ':' || (told ->> 'xp')
                        || CASE WHEN whose THEN '' ELSE ':' || (told ->> 'players') END
                        || ':' || nextval('total_signal_serial'));
                END LOOP;
                RETURN NULL;
            END
            $$
            """,
            "CREATE TRIGGER score_total_signal AFTER INSERT OR UPDATE OR DELETE ON score FOR EACH ROW EXECUTE FUNCTION signal_total_change()",
            "CREATE TRIGGER weeklyScore_total_signal AFTER INSERT OR UPDATE OR DELETE ON weeklyScore FOR EACH ROW EXECUTE FUNCTION signal_total_change()",
            "CREATE TRIGGER scoreTally_total_signal AFTER INSERT OR UPDATE OR DELETE ON scoreTally FOR EACH ROW EXECUTE FUNCTION signal_total_change()",
            "CREATE TRIGGER weeklyScoreTally_total_signal AFTER INSERT OR UPDATE OR DELETE ON weeklyScoreTally FOR EACH ROW EXECUTE FUNCTION signal_total_change()",
        ]),
    ]
}

extension PostgresHuntRepository {
    /// The migrations applied to this database, in the order they were applied: the list's
    /// order (those applied in one transaction share an `appliedAt`, and "v10" sorts before "v9").
    public func appliedMigrations() async throws -> [String] {
        let applied = try await autocommit { connection in
            try await connection.values("SELECT identifier FROM schema_migrations", as: String.self, logger: logger)
        }
        let position = Dictionary(uniqueKeysWithValues: PostgresMigrations.migrations.enumerated().map { ($1.identifier, $0) })
        return applied.sorted { (position[$0] ?? .max, $0) < (position[$1] ?? .max, $1) }
    }
}
