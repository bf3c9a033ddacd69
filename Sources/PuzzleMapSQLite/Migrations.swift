import GRDB
import PuzzleMapStorage

/// The database schema, one migration at a time. A migration is never edited once it has
/// landed: changes come as new migrations, so every existing database can follow.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 content, players and ledger") { db in
            try db.create(table: "checkpoint") { t in
                t.primaryKey("id", .text)
                // Printed codes name a checkpoint by this short number; never reused.
                t.column("number", .integer).notNull().unique()
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("category", .text).notNull()
                t.column("building", .text).notNull()
                t.column("floor", .integer).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("hours", .jsonText).notNull()
                t.column("tags", .jsonText).notNull()
                t.column("facts", .jsonText).notNull()
                t.column("tagVersion", .integer).notNull().defaults(to: 1)
                t.column("retiredAt", .datetime)
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "riddle") { t in
                t.primaryKey("id", .text)
                t.column("checkpointId", .text).notNull().indexed().references("checkpoint", onDelete: .restrict)
                t.column("difficulty", .text).notNull()
                t.column("text", .text).notNull()
                t.column("hints", .jsonText).notNull()
                t.column("insider", .text).notNull()
                t.column("retiredAt", .datetime)
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "contentImport") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fingerprint", .text).notNull()
                t.column("importedAt", .datetime).notNull()
                t.column("summary", .jsonText).notNull()
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).notNull().unique().collate(.nocase)
                t.column("username", .text).notNull().unique().collate(.nocase)
                t.column("displayName", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "gameEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("checkpointId", .text).indexed().references("checkpoint", onDelete: .restrict)
                t.column("riddleId", .text).references("riddle", onDelete: .restrict)
                t.column("xp", .integer).notNull()
                t.column("occurredAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2 accounts, sessions, mail and rate counters") { db in
            try db.alter(table: "player") { t in
                t.add(column: "passwordHash", .text).notNull().defaults(to: "")
                t.add(column: "role", .text).notNull().defaults(to: "player")
                t.add(column: "partnerId", .text)
                t.add(column: "emailVerifiedAt", .datetime)
                t.add(column: "deletedAt", .datetime)
            }
            try db.create(table: "session") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("familyId", .text).notNull().indexed()
                t.column("accessHash", .text).notNull().unique()
                t.column("refreshHash", .text).notNull().unique()
                t.column("accessExpiresAt", .datetime).notNull()
                t.column("refreshExpiresAt", .datetime).notNull()
                t.column("createdAt", .datetime).notNull()
                // Set when the refresh token is spent: presenting it again reveals a stolen copy.
                t.column("refreshedAt", .datetime)
                t.column("revokedAt", .datetime)
            }
            try db.create(table: "emailVerification") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("codeHash", .text).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("failedAttempts", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "passwordReset") { t in
                t.primaryKey("tokenHash", .text)
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("expiresAt", .datetime).notNull()
                t.column("usedAt", .datetime)
            }
            try db.create(table: "mailOutbox") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("recipient", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("body", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("sentAt", .datetime)
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
                t.column("nextAttemptAt", .datetime).notNull()
            }
            try db.create(index: "mailOutbox_pending", on: "mailOutbox", columns: ["sentAt", "nextAttemptAt"])
            try db.create(table: "rateCounter") { t in
                t.primaryKey("key", .text)
                t.column("windowStart", .datetime).notNull()
                t.column("count", .integer).notNull()
            }
        }
        migrator.registerMigration("v3 quiz and riddles held") { db in
            try db.create(table: "quizResult") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("answers", .jsonText).notNull()
                t.column("profile", .jsonText).notNull()
                t.column("takenAt", .datetime).notNull()
            }
            try db.create(table: "riddleAttempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("riddleId", .text).notNull().references("riddle", onDelete: .restrict)
                t.column("checkpointId", .text).notNull().references("checkpoint", onDelete: .restrict)
                t.column("category", .text).notNull()
                t.column("hintsUsed", .integer).notNull().defaults(to: 0)
                t.column("startedAt", .datetime).notNull()
                t.column("closedAt", .datetime)
                t.column("outcome", .text)
            }
            try db.alter(table: "gameEvent") { t in
                t.add(column: "hintsUsed", .integer).notNull().defaults(to: 0)
            }
            // At most one riddle held per player and category, whatever the concurrency.
            try db.execute(sql: """
                CREATE UNIQUE INDEX riddleAttempt_one_active_per_category
                ON riddleAttempt(playerId, category) WHERE closedAt IS NULL
                """)
        }
        migrator.registerMigration("v4 scans, check-ins and idempotency") { db in
            try db.create(table: "scan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("checkpointId", .text).notNull().indexed().references("checkpoint", onDelete: .restrict)
                t.column("outcome", .text).notNull()
                t.column("flagged", .boolean).notNull().defaults(to: false)
                t.column("photoSha256", .text)
                t.column("photoHash", .integer)
                // Where the phone said it was, when the app sent it (multipart uploads).
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("accuracyMetres", .double)
                t.column("scannedAt", .datetime).notNull()
            }
            try db.create(index: "scan_player_time", on: "scan", columns: ["playerId", "scannedAt"])
            try db.create(index: "scan_photo", on: "scan", columns: ["photoSha256"])
            // Photos that gave no code, for organisers: a sticker that stops scanning needs a look.
            try db.create(table: "scanFailure") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("reason", .text).notNull()
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("failedAt", .datetime).notNull()
            }
            try db.create(table: "checkIn") { t in
                t.primaryKey("id", .text)
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("checkpointId", .text).notNull().references("checkpoint", onDelete: .restrict)
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "idempotentScan") { t in
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("idempotencyKey", .text).notNull()
                t.column("status", .integer).notNull()
                t.column("response", .blob).notNull()
                t.column("createdAt", .datetime).notNull()
                t.primaryKey(["playerId", "idempotencyKey"])
            }
        }
        migrator.registerMigration("v5 offer stock and vouchers") { db in
            try db.create(table: "offerStock") { t in
                t.primaryKey("offerId", .text)
                t.column("partnerId", .text).notNull()
                t.column("stock", .integer).notNull()
                t.column("issued", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "voucher") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("offerId", .text).notNull().references("offerStock", onDelete: .restrict)
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                // Who unlocked it: each player unlocks an offer once, whoever holds it later.
                t.column("unlockedBy", .integer).notNull()
                t.column("issuedAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("giftedBy", .integer)
                t.column("giftedAt", .datetime)
                t.column("redeemedAt", .datetime)
                t.column("redeemedBy", .integer)
                t.uniqueKey(["offerId", "unlockedBy"])
            }
            try db.create(index: "voucher_redeemed", on: "voucher", columns: ["redeemedAt"])
            try db.create(index: "voucher_gifts", on: "voucher", columns: ["giftedBy", "giftedAt"])
        }
        migrator.registerMigration("v6 friends, blocks and scores") { db in
            // One row per pair, the smaller id first.
            try db.create(table: "friendship") { t in
                t.column("playerA", .integer).notNull().references("player", onDelete: .cascade)
                t.column("playerB", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("since", .datetime).notNull()
                t.primaryKey(["playerA", "playerB"])
                t.check(sql: "playerA < playerB")
            }
            try db.create(table: "friendRequest") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fromPlayer", .integer).notNull().references("player", onDelete: .cascade)
                t.column("toPlayer", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["fromPlayer", "toPlayer"])
            }
            try db.create(table: "block") { t in
                t.column("blocker", .integer).notNull().references("player", onDelete: .cascade)
                t.column("blocked", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.primaryKey(["blocker", "blocked"])
            }
            // Totals kept beside the ledger for leaderboards: a rank is an index range count.
            try db.create(table: "score") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("xp", .integer).notNull()
                t.column("lastActiveAt", .datetime).notNull()
            }
            try db.create(index: "score_xp", on: "score", columns: ["xp", "playerId"])
            try db.create(table: "weeklyScore") { t in
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("weekStart", .date).notNull()
                t.column("xp", .integer).notNull()
                t.primaryKey(["weekStart", "playerId"])
            }
            try db.create(index: "weeklyScore_xp", on: "weeklyScore", columns: ["weekStart", "xp", "playerId"])
            try db.execute(sql: """
                INSERT INTO score (playerId, xp, lastActiveAt)
                SELECT playerId, SUM(xp), MAX(occurredAt) FROM gameEvent GROUP BY playerId
                """)
        }
        migrator.registerMigration("v7 idempotent scans remember their request") { db in
            try db.alter(table: "idempotentScan") { t in
                t.add(column: "requestDigest", .text).notNull().defaults(to: "")
            }
        }
        migrator.registerMigration("v8 idempotent scans keep the game's answer") { db in
            // Answers were kept as HTTP bodies with their status; now the game's own answer is
            // kept and rendered on replay. Old answers cannot be read that way: a retry of a
            // scan made before the upgrade is decided again, and the ledger keeps it from
            // scoring twice.
            try db.execute(sql: "DELETE FROM idempotentScan")
            try db.alter(table: "idempotentScan") { t in
                t.drop(column: "status")
            }
        }
        migrator.registerMigration("v9 problem reports") { db in
            try db.create(table: "problemReport") { t in
                t.autoIncrementedPrimaryKey("id")
                // Kept when the reporter erases their account, without the link to them.
                t.column("playerId", .integer).references("player", onDelete: .setNull)
                t.column("kind", .text).notNull()
                t.column("checkpointId", .text)
                t.column("text", .text).notNull()
                t.column("context", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "problemReport_createdAt", on: "problemReport", columns: ["createdAt"])
        }
        migrator.registerMigration("v10 audit log") { db in
            try db.create(table: "auditLog") { t in
                t.autoIncrementedPrimaryKey("id")
                // No reference to the player: a line outlives the organiser's account unchanged.
                t.column("actorId", .integer)
                t.column("actorName", .text).notNull()
                t.column("action", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("detail", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            // Append-only: the database itself refuses to change or remove a line.
            try db.execute(sql: """
                CREATE TRIGGER auditLog_noUpdate BEFORE UPDATE ON auditLog BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                CREATE TRIGGER auditLog_noDelete BEFORE DELETE ON auditLog BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                """)
        }
        migrator.registerMigration("v11 closed checkpoints and broadcasts") { db in
            // Apart from the checkpoint's own row, which every import rewrites: a closure
            // outlives reloads of the content files.
            try db.create(table: "checkpointClosure") { t in
                t.primaryKey("checkpointId", .text).references("checkpoint", onDelete: .cascade)
                t.column("note", .text).notNull()
                t.column("closedAt", .datetime).notNull()
                t.column("closedBy", .text).notNull()
            }
            try db.create(table: "broadcast") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("text", .text).notNull()
                t.column("sentAt", .datetime).notNull()
                t.column("sentBy", .text).notNull()
                t.column("endedAt", .datetime)
            }
        }
        migrator.registerMigration("v12 staff invitations") { db in
            try db.create(table: "staffInvitation") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("tokenHash", .text).notNull().unique()
                t.column("email", .text).notNull()
                t.column("partnerId", .text).notNull()
                // Organisers and staff come and go; the invitation's history stays.
                t.column("invitedBy", .integer).references("player", onDelete: .setNull)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("usedAt", .datetime)
                t.column("staffId", .integer).references("player", onDelete: .setNull)
                t.column("revokedAt", .datetime)
                t.column("revokedBy", .integer).references("player", onDelete: .setNull)
            }
            try db.create(index: "staffInvitation_createdAt", on: "staffInvitation", columns: ["createdAt"])
        }
        migrator.registerMigration("v13 moderation: flags, voids, adjustments and suspensions") { db in
            // Why a scan was flagged. Before, only the speed check and reused photos flagged.
            try db.alter(table: "scan") { t in
                t.add(column: "flag", .text)
            }
            try db.execute(sql: """
                UPDATE scan SET flag = CASE WHEN outcome = 'photo_already_used' THEN 'reused_photo' ELSE 'too_fast' END WHERE flagged
                """)
            try db.create(index: "scan_flagged", on: "scan", columns: ["flagged", "id"])
            // The scan a ledger event came from (or voids), and an organiser's reason. A scan
            // and its event were written in one transaction at one instant, which links the
            // events already written.
            try db.alter(table: "gameEvent") { t in
                t.add(column: "scanId", .integer).references("scan", onDelete: .setNull)
                t.add(column: "reason", .text)
            }
            try db.execute(sql: """
                UPDATE gameEvent SET scanId = (
                    SELECT scan.id FROM scan WHERE scan.playerId = gameEvent.playerId AND scan.checkpointId = gameEvent.checkpointId
                        AND scan.scannedAt = gameEvent.occurredAt ORDER BY scan.id LIMIT 1)
                WHERE kind IN ('solved', 'explored')
                """)
            try db.create(index: "gameEvent_scan", on: "gameEvent", columns: ["scanId"])
            try db.alter(table: "player") { t in
                t.add(column: "suspendedAt", .datetime)
                t.add(column: "suspensionReason", .text)
            }
        }
        migrator.registerMigration("v14 report status, hint times and the dashboard's indexes") { db in
            // Where each report stands, set by organisers; who set it last is an account id kept
            // without a reference, like the audit log's, so the line outlives the account.
            try db.alter(table: "problemReport") { t in
                t.add(column: "status", .text).notNull().defaults(to: "open")
                t.add(column: "statusSetBy", .integer)
                t.add(column: "statusSetAt", .datetime)
            }
            // When each hint was taken (riddleAttempt only counts them), for hints per hour.
            try db.create(table: "hintTaken") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("attemptId", .integer).notNull().references("riddleAttempt", onDelete: .cascade)
                t.column("takenAt", .datetime).notNull().indexed()
            }
            // The dashboard counts what happened since an instant, and who ever played.
            try db.create(index: "gameEvent_time", on: "gameEvent", columns: ["occurredAt"])
            try db.create(index: "scan_time", on: "scan", columns: ["scannedAt"])
            try db.create(index: "scanFailure_time", on: "scanFailure", columns: ["failedAt"])
            try db.create(index: "scanFailure_player", on: "scanFailure", columns: ["playerId"])
            try db.create(index: "riddleAttempt_time", on: "riddleAttempt", columns: ["startedAt"])
            try db.create(index: "voucher_redeemedBy", on: "voucher", columns: ["redeemedBy"])
        }
        migrator.registerMigration("v15 friend challenges") { db in
            // A race between two friends to one riddle's place. Expiry is read from the dates;
            // only an answer, a withdrawal or a win closes one.
            try db.create(table: "challenge") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("challengerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("challengedId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("riddleId", .text).notNull()
                t.column("checkpointId", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("acceptedAt", .datetime)
                t.column("closedAt", .datetime)
                t.column("closing", .text)
                t.column("winnerId", .integer).references("player", onDelete: .setNull)
                t.column("scanId", .integer).references("scan", onDelete: .setNull)
            }
        }
        migrator.registerMigration("v16 live events") { db in
            // A player's live events, numbered 1, 2, 3, ... in commit order by the counter.
            try db.create(table: "liveEvent") { t in
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("sequence", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("payload", .text).notNull()
                t.column("subjectId", .integer)
                t.column("createdAt", .datetime).notNull().indexed()
                t.primaryKey(["playerId", "sequence"])
            }
            try db.create(table: "liveEventCounter") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("last", .integer).notNull()
            }
        }
        migrator.registerMigration("v17 crews") { db in
            // One crew a player: the member row's key is the player.
            try db.create(table: "crew") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("leaderId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("codeVersion", .integer).notNull().defaults(to: 1)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "crewMember") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("crewId", .integer).notNull().indexed().references("crew", onDelete: .cascade)
                t.column("joinedAt", .datetime).notNull()
            }
            try db.create(table: "crewRiddle") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("crewId", .integer).notNull().indexed().references("crew", onDelete: .cascade)
                t.column("riddleId", .text).notNull().references("riddle")
                t.column("checkpointId", .text).notNull()
                t.column("category", .text).notNull()
                t.column("hintsUsed", .integer).notNull().defaults(to: 0)
                t.column("startedAt", .datetime).notNull()
                t.column("solvedAt", .datetime)
            }
            try db.create(table: "crewScan") { t in
                t.column("crewRiddleId", .integer).notNull().indexed().references("crewRiddle", onDelete: .cascade)
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("scannedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v18 crew boards and invitations") { db in
            // The crews' board reads the riddles solved in a week in this order.
            try db.create(index: "crewRiddle_on_solvedAt", on: "crewRiddle", columns: ["solvedAt", "crewId"])
            try db.create(table: "crewInvitation") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("crewId", .integer).notNull().references("crew", onDelete: .cascade)
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("invitedBy", .integer).notNull().references("player", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["crewId", "playerId"])
            }
        }
        migrator.registerMigration("v19 play versions") { db in
            // Bumped by every change to a player's ledger, riddles held and freebies, whichever
            // statement makes it: a progress or map read kept from an earlier request is current
            // while the version read with the session is the one it was kept under.
            try db.alter(table: "player") { t in t.add(column: "playVersion", .integer).notNull().defaults(to: 0) }
            for table in PlayVersion.tables {
                try db.execute(sql: """
                    CREATE TRIGGER \(table)_play_version_insert AFTER INSERT ON \(table)
                    BEGIN UPDATE player SET playVersion = playVersion + 1 WHERE id = NEW.playerId; END;
                    CREATE TRIGGER \(table)_play_version_update AFTER UPDATE ON \(table)
                    BEGIN UPDATE player SET playVersion = playVersion + 1 WHERE id IN (OLD.playerId, NEW.playerId); END;
                    CREATE TRIGGER \(table)_play_version_delete AFTER DELETE ON \(table)
                    BEGIN UPDATE player SET playVersion = playVersion + 1 WHERE id = OLD.playerId; END;
                    """)
            }
        }
        migrator.registerMigration("v20 boards read in order, ranks from tallies") { db in
            // A board is read in its own order (most XP first, ties by id) straight off the
            // index, not sorted from everyone tied with the last row shown.
            try db.execute(sql: """
                DROP INDEX score_xp;
                CREATE INDEX score_board ON score (xp DESC, playerId);
                DROP INDEX weeklyScore_xp;
                CREATE INDEX weeklyScore_board ON weeklyScore (weekStart, xp DESC, playerId);
                """)
            // How many players hold each total, kept by the scores' own triggers: a rank adds up
            // the few totals above a player's, whatever their place, instead of counting everyone
            // ahead.
            try db.execute(sql: """
                CREATE TABLE scoreTally (xp INTEGER PRIMARY KEY, players INTEGER NOT NULL);
                CREATE TABLE weeklyScoreTally (
                    weekStart DATE NOT NULL, xp INTEGER NOT NULL, players INTEGER NOT NULL, PRIMARY KEY (weekStart, xp)
                ) WITHOUT ROWID;
                INSERT INTO scoreTally (xp, players) SELECT xp, COUNT(*) FROM score GROUP BY xp;
                INSERT INTO weeklyScoreTally (weekStart, xp, players) SELECT weekStart, xp, COUNT(*) FROM weeklyScore GROUP BY weekStart, xp;

                CREATE TRIGGER score_tally_insert AFTER INSERT ON score BEGIN
                    INSERT INTO scoreTally (xp, players) VALUES (NEW.xp, 1) ON CONFLICT (xp) DO UPDATE SET players = players + 1;
                END;
                CREATE TRIGGER score_tally_update AFTER UPDATE OF xp ON score WHEN NEW.xp <> OLD.xp BEGIN
                    UPDATE scoreTally SET players = players - 1 WHERE xp = OLD.xp;
                    INSERT INTO scoreTally (xp, players) VALUES (NEW.xp, 1) ON CONFLICT (xp) DO UPDATE SET players = players + 1;
                END;
                CREATE TRIGGER score_tally_delete AFTER DELETE ON score BEGIN
                    UPDATE scoreTally SET players = players - 1 WHERE xp = OLD.xp;
                END;

                CREATE TRIGGER weeklyScore_tally_insert AFTER INSERT ON weeklyScore BEGIN
                    INSERT INTO weeklyScoreTally (weekStart, xp, players) VALUES (NEW.weekStart, NEW.xp, 1)
                    ON CONFLICT (weekStart, xp) DO UPDATE SET players = players + 1;
                END;
                CREATE TRIGGER weeklyScore_tally_update AFTER UPDATE OF xp, weekStart ON weeklyScore
                WHEN NEW.xp <> OLD.xp OR NEW.weekStart <> OLD.weekStart BEGIN
                    UPDATE weeklyScoreTally SET players = players - 1 WHERE weekStart = OLD.weekStart AND xp = OLD.xp;
                    INSERT INTO weeklyScoreTally (weekStart, xp, players) VALUES (NEW.weekStart, NEW.xp, 1)
                    ON CONFLICT (weekStart, xp) DO UPDATE SET players = players + 1;
                END;
                CREATE TRIGGER weeklyScore_tally_delete AFTER DELETE ON weeklyScore BEGIN
                    UPDATE weeklyScoreTally SET players = players - 1 WHERE weekStart = OLD.weekStart AND xp = OLD.xp;
                END;
                """)
        }
        migrator.registerMigration("v21 crew riddles released") { db in
            // A crew riddle whose place left the hunt is closed as released, not solved.
            try db.alter(table: "crewRiddle") { t in t.add(column: "releasedAt", .datetime) }
        }
        migrator.registerMigration("v22 push notifications") { db in
            // One row a browser: its endpoint is the push service's name for it.
            try db.create(table: "pushSubscription") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("endpoint", .text).notNull().unique()
                t.column("p256dh", .blob).notNull()
                t.column("auth", .blob).notNull()
                t.column("language", .text).notNull()
                // The player's live events up to this one were considered for this browser.
                t.column("cursor", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "pushTopicOff") { t in
                t.column("playerId", .integer).notNull().references("player", onDelete: .cascade)
                t.column("topic", .text).notNull()
                t.primaryKey(["playerId", "topic"])
            }
            try db.alter(table: "voucher") { t in t.add(column: "lapseAnnouncedAt", .datetime) }
            try db.create(index: "voucher_lapsing", on: "voucher", columns: ["expiresAt"], condition: Column("redeemedAt") == nil)
        }
        migrator.registerMigration("v23 email changes") { db in
            // One change of address waiting a player, until its code is typed.
            try db.create(table: "emailChange") { t in
                t.primaryKey("playerId", .integer).references("player", onDelete: .cascade)
                t.column("newEmail", .text).notNull()
                t.column("codeHash", .text).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("failedAttempts", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v24 content versions") { db in
            // Each recorded import is a published version: the whole content it played (JSON)
            // and where it came from (the files, or an earlier version played again).
            try db.alter(table: "contentImport") { t in
                t.add(column: "content", .blob)
                t.add(column: "origin", .text).notNull().defaults(to: "files")
                t.add(column: "rolledBackFrom", .integer)
            }
        }
        migrator.registerMigration("v25 content draft") { db in
            // The organisers' unpublished edits: one draft for the hunt, the whole content as
            // it will be played (JSON; NULL once published or thrown away, the revision counting
            // on), and the version it was started from.
            try db.create(table: "contentDraft") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("base", .integer).notNull()
                t.column("content", .blob)
                t.column("revision", .integer).notNull()
                t.column("savedBy", .text).notNull()
                t.column("savedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v26 sticker prints") { db in
            // The last print from the console of each place's sticker: what it showed.
            try db.create(table: "stickerPrint") { t in
                t.primaryKey("checkpointId", .text)
                t.column("name", .text).notNull()
                t.column("codeVersion", .integer).notNull()
                t.column("printedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v27 open days") { db in
            // Open days: guest events visitors join with a nickname from a poster's code. A
            // guest's account names its event until they sign up; the event says when its
            // guests are due to be erased, and when they were.
            try db.create(table: "guestEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("startsAt", .datetime).notNull()
                t.column("endsAt", .datetime).notNull()
                t.column("joinCode", .text).notNull().unique()
                t.column("eraseAfterDays", .integer).notNull()
                t.column("erasesAt", .datetime).notNull()
                t.column("guestOffers", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("createdBy", .text).notNull()
                t.column("guestsErasedAt", .datetime)
            }
            try db.alter(table: "player") { t in
                t.add(column: "guestEventId", .integer).references("guestEvent")
            }
            try db.create(index: "player_guestEventId", on: "player", columns: ["guestEventId"])
        }
        migrator.registerMigration("v28 player looks") { db in
            // A player's chosen avatar and uploaded photo (re-encoded), with its review.
            try db.create(table: "playerLook") { t in
                t.primaryKey("playerId", .integer).references("player")
                t.column("avatar", .text)
                t.column("picture", .blob)
                t.column("pictureStatus", .text)
                t.column("pictureVersion", .integer).notNull().defaults(to: 0)
                t.column("uploadedAt", .datetime)
                t.column("reviewedAt", .datetime)
                t.column("reviewedBy", .text)
            }
            try db.create(index: "playerLook_waiting", on: "playerLook", columns: ["pictureStatus", "uploadedAt"])
        }
        migrator.registerMigration("v29 campus plan") { db in
            // The organisers' own campus map: one row, whose version keeps counting through
            // removals (the picture is NULL while there is no plan); pins as JSON.
            try db.create(table: "campusPlan") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("version", .integer).notNull()
                t.column("picture", .blob)
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("pins", .text).notNull()
                t.column("uploadedAt", .datetime).notNull()
                t.column("uploadedBy", .text).notNull()
            }
        }
        // (v30 is PostgreSQL's: its account signals are triggers; here the writer hears them.)
        // A friendship made or ended touches both players' rows, so that the change is heard
        // as theirs wherever their friends are kept (`Hunt.friendCircles`).
        migrator.registerMigration("v31 friendships touch their players") { db in
            try db.alter(table: "player") { t in t.add(column: "friendsVersion", .integer).notNull().defaults(to: 0) }
            try db.execute(sql: """
                CREATE TRIGGER friendship_touch_insert AFTER INSERT ON friendship
                BEGIN UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (NEW.playerA, NEW.playerB); END;
                CREATE TRIGGER friendship_touch_delete AFTER DELETE ON friendship
                BEGIN UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (OLD.playerA, OLD.playerB); END;
                """)
        }
        // So does a block made or lifted, so that it is heard as theirs wherever what each sees
        // of the boards is kept (`Hunt.keptBoards`).
        migrator.registerMigration("v32 blocks touch their players") { db in
            try db.execute(sql: """
                CREATE TRIGGER block_touch_insert AFTER INSERT ON block
                BEGIN UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (NEW.blocker, NEW.blocked); END;
                CREATE TRIGGER block_touch_delete AFTER DELETE ON block
                BEGIN UPDATE player SET friendsVersion = friendsVersion + 1 WHERE id IN (OLD.blocker, OLD.blocked); END;
                """)
        }
        return migrator
    }
}
