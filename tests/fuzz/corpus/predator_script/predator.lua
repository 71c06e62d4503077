-- The predator NPC of figure 3.15 (section 3.4.2 of Feijó, Pagliosa & Clua) in the macro language
-- of Rabin (2000), written in Lua as the chapter suggests. Partition Lab reloads this file while it
-- runs: edit it, save, and the NPCs take the new machine; a mistake is reported as one line
-- (file:line: message) and the NPCs keep the last script that worked.
--
-- npc.detects_enemy, npc.life_ends   the book's detecta_inimigo and vida_acaba
-- npc.enemy_distance                 distancia_inimigo, in grid cells
-- npc.dist_min, npc.dist_attack      close enough to attack; too far to keep chasing
-- npc.leave_attack                  the attack stops when the enemy is farther than this
-- SetState takes effect when the handler returns; the last SetState of a handler wins, so the
-- check for death comes last, as in the direct code.

BeginStateMachine {
  OnEnter = function(npc)
    SetState("wait")
  end,
  OnMsg = {
    destroy = function(npc, msg)  -- OnMsg(MSG_morto): destruir(gameObj)
      Destroy()
    end,
  },
}

State "wait" {
  OnUpdate = function(npc)
    if npc.detects_enemy then SetState("chase") end
    if npc.life_ends then SetState("die") end
  end,
}

State "chase" {
  OnUpdate = function(npc)
    -- (the app moves the NPC one step along its A* path while it chases)
    if npc.enemy_distance < npc.dist_min then SetState("attack") end
    if npc.enemy_distance > npc.dist_attack then SetState("wait") end
    if npc.life_ends then SetState("die") end
  end,
}

State "attack" {
  OnUpdate = function(npc)
    if npc.enemy_distance > npc.leave_attack then SetState("chase") end
    if npc.life_ends then SetState("die") end
  end,
}

State "die" {
  OnEnter = function(npc)
    SendDelayedMsg("destroy", npc.destroy_delay)  -- removed a little after it falls
  end,
}

EndStateMachine()
